"""Print pipeline: units, layouts, fonts and text fitting, SVG components, PDF sheets, tiling."""
