"""Exports of a written kit folder for sharing and playing online: PNG images at print
resolution (png.py) and Tabletop Simulator deck sheets with a saved object (tts.py), both
drawn by the print pipeline (render/raster.py) and added to the kit's manifest
(kitfolder.py)."""
