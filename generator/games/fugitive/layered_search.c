/* The Marshal's exact layered search (deduction.py, method B) in C.
 *
 * deduction.py documents the search; this file follows search_values_python step for step
 * and names its parts the same way: the layout of packed counts (_Layout), the classes of
 * Sprint cards per layer (_sprint_classes, _classes_within), the merge of classes by the
 * counts they keep (_merge_classes), the forward pass counting ways to reach each state and
 * the backward pass turning them into weights per value. Packed counts are 7-bit fields in
 * an unsigned 128-bit int (at most MAX_FIELDS fields); ways are unsigned 128-bit ints with
 * every product and sum checked. Whatever does not fit (more fields, more series facts than
 * 64 bits, a count past 2^128, too many Sprint card combinations, no memory) returns
 * UNSUPPORTED, and deduction.py runs the Python search instead: the answer is the same,
 * only slower. native_search.py encodes a Table for `layered_search` and decodes its output.
 *
 * Built as a shared library by hatch_build.py when the package is installed, with a digest of
 * this file that native_search.py checks, so a library built from an older version is not used.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned __int128 u128;
typedef uint64_t u64;
typedef int64_t i64;

#define FIELD 7
#define GROUPS 4
#define VALUES 6
#define KINDS (GROUPS * VALUES)
#define PILES 3
#define GUARD 64
#define UNLIMITED 63
#define ESCAPE 42
#define MAX_HIDEOUT 41
#define REACH 3
#define MAX_FIELDS 17    /* 17 * 7 = 119 bits: no sum of counts can carry past bit 127 */
#define MAX_LAYERS 42
#define MAX_TOTAL 63     /* highest Sprint total of one Hideout's cards kept in a histogram */
#define MAX_COMBOS 2000000
#define LAYER_FIELDS 8   /* ints per layer in the spec */

enum { OK = 0, NO_SPRINT = 1, NO_FIT = 2, UNSUPPORTED = 3 };

/* --- an arena: every allocation of one call, freed together ---------------------------- */
typedef struct Block {
    struct Block *next;
    size_t used, size, pad;
    _Alignas(16) unsigned char data[];
} Block;

typedef struct {
    Block *head;
} Arena;

static void *arena_alloc(Arena *arena, size_t bytes) {
    bytes = (bytes + 15) & ~(size_t)15;
    if (arena->head == NULL || arena->head->used + bytes > arena->head->size) {
        size_t size = bytes > ((size_t)1 << 16) ? bytes : ((size_t)1 << 16);
        Block *block = malloc(sizeof(Block) + size);
        if (block == NULL) return NULL;
        block->next = arena->head;
        block->used = 0;
        block->size = size;
        arena->head = block;
    }
    void *p = arena->head->data + arena->head->used;
    arena->head->used += bytes;
    return p;
}

static void *arena_zeros(Arena *arena, size_t bytes) {
    void *p = arena_alloc(arena, bytes);
    if (p != NULL) memset(p, 0, bytes);
    return p;
}

static void arena_free(Arena *arena) {
    while (arena->head != NULL) {
        Block *next = arena->head->next;
        free(arena->head);
        arena->head = next;
    }
}

/* --- a hash map from (prev, kept, marks) to an index ----------------------------------- */
typedef struct {
    u128 kept;
    u64 marks;
    i64 prev;
} Key;

typedef struct {
    Key *keys;  /* keys[i] for index i */
    int *slots; /* index + 1, or 0 when empty */
    int capacity, count, room;
} Map;

static u64 hash_key(const Key *key) {
    u64 h = (u64)key->kept * 0x9E3779B97F4A7C15ULL;
    h ^= (u64)(key->kept >> 64) * 0xC2B2AE3D27D4EB4FULL;
    h ^= key->marks * 0x165667B19E3779F9ULL;
    h ^= (u64)key->prev * 0x27D4EB2F165667C5ULL;
    h ^= h >> 31;
    h *= 0xBF58476D1CE4E5B9ULL;
    return h ^ (h >> 29);
}

static int same_key(const Key *a, const Key *b) {
    return a->kept == b->kept && a->marks == b->marks && a->prev == b->prev;
}

static int map_init(Arena *arena, Map *map, int capacity) {
    map->capacity = capacity;
    map->count = 0;
    map->room = capacity / 2;
    map->keys = arena_alloc(arena, sizeof(Key) * (size_t)map->room);
    map->slots = arena_zeros(arena, sizeof(int) * (size_t)capacity);
    return map->keys != NULL && map->slots != NULL;
}

/* Return the index of `key`, adding it with the next index when absent (*added = 1);
 * -1 when out of memory. */
static int map_index(Arena *arena, Map *map, const Key *key, int *added) {
    u64 mask = (u64)map->capacity - 1;
    u64 at = hash_key(key) & mask;
    while (map->slots[at]) {
        int index = map->slots[at] - 1;
        if (same_key(&map->keys[index], key)) {
            *added = 0;
            return index;
        }
        at = (at + 1) & mask;
    }
    if (map->count == map->room) {
        Map bigger;
        if (!map_init(arena, &bigger, map->capacity * 2)) return -1;
        memcpy(bigger.keys, map->keys, sizeof(Key) * (size_t)map->count);
        u64 big_mask = (u64)bigger.capacity - 1;
        for (int index = 0; index < map->count; index++) {
            u64 spot = hash_key(&map->keys[index]) & big_mask;
            while (bigger.slots[spot]) spot = (spot + 1) & big_mask;
            bigger.slots[spot] = index + 1;
        }
        bigger.count = map->count;
        *map = bigger;
        return map_index(arena, map, key, added);
    }
    map->keys[map->count] = *key;
    map->slots[at] = map->count + 1;
    *added = 1;
    return map->count++;
}

/* --- a growable array ------------------------------------------------------------------ */
static void *grow(Arena *arena, void *items, int *capacity, int count, size_t size) {
    if (count < *capacity) return items;
    int bigger = *capacity ? *capacity * 2 : 64;
    void *fresh = arena_alloc(arena, size * (size_t)bigger);
    if (fresh == NULL) return NULL;
    if (count) memcpy(fresh, items, size * (size_t)count);
    *capacity = bigger;
    return fresh;
}

/* --- checked 128-bit arithmetic --------------------------------------------------------- */
static int mul_add(u128 *total, u128 a, u128 b) {
    u128 product;
    if (__builtin_mul_overflow(a, b, &product)) return 0;
    return !__builtin_add_overflow(*total, product, total);
}

/* --- classes of Sprint cards ------------------------------------------------------------ */
typedef struct {
    int top;        /* highest Sprint total */
    u128 packed;    /* counts (after a merge: the counts kept) */
    u64 *at_least;  /* at_least[need], need 0..top: multisets with total >= need */
} Class;

typedef struct {
    Class *items;
    int count;
} Classes;

static int by_top(const void *a, const void *b) {
    return ((const Class *)b)->top - ((const Class *)a)->top;
}

/* The classes of multisets of `count` cards over `n` usable kinds (Sprint value, packed unit)
 * whose counts stay within `bound`, highest total first. Returns 0 when unsupported. */
static int sprint_classes(Arena *arena, int count, int n, const int *value, const u128 *unit,
                          u128 bound, u128 guards, Classes *out) {
    out->items = NULL;
    out->count = 0;
    if (count * (VALUES - 1) > MAX_TOTAL) return 0;
    if (count > 0 && n == 0) return 1;
    /* the number of multisets: C(n + count - 1, count), refused when large */
    double combos = 1;
    for (int i = 1; i <= count; i++) combos = combos * (n + i - 1) / i;
    if (combos > MAX_COMBOS) return 0;
    Map groups;
    if (!map_init(arena, &groups, 64)) return 0;
    int capacity = 0;
    u64(*histograms)[MAX_TOTAL + 1] = NULL;
    int index[MAX_TOTAL + 1];
    for (int i = 0; i < count; i++) index[i] = 0;
    for (;;) {
        u128 packed = 0;
        int total = 0;
        for (int i = 0; i < count; i++) {
            packed += unit[index[i]];
            total += value[index[i]];
        }
        Key key = {packed, 0, 0};
        int added;
        int group = map_index(arena, &groups, &key, &added);
        if (group < 0) return 0;
        if (added) {
            histograms = grow(arena, histograms, &capacity, group, sizeof(*histograms));
            if (histograms == NULL) return 0;
            memset(histograms[group], 0, sizeof(*histograms));
        }
        histograms[group][total]++;
        /* the next multiset: indices non-decreasing */
        int i = count - 1;
        while (i >= 0 && index[i] == n - 1) i--;
        if (i < 0) break;
        index[i]++;
        for (int j = i + 1; j < count; j++) index[j] = index[i];
    }
    out->items = arena_alloc(arena, sizeof(Class) * (size_t)groups.count);
    if (out->items == NULL) return 0;
    for (int group = 0; group < groups.count; group++) {
        u128 packed = groups.keys[group].kept;
        if (((bound - packed) & guards) != guards) continue;
        int top = MAX_TOTAL;
        while (histograms[group][top] == 0) top--;
        u64 *at_least = arena_alloc(arena, sizeof(u64) * (size_t)(top + 1));
        if (at_least == NULL) return 0;
        u64 running = 0;
        for (int need = top; need >= 0; need--) {
            running += histograms[group][need];
            at_least[need] = running;
        }
        out->items[out->count++] = (Class){top, packed, at_least};
    }
    qsort(out->items, (size_t)out->count, sizeof(Class), by_top);
    return 1;
}

/* The classes of a layer that fit `caps` with a Hideout's own card (`with_value`) added,
 * merged by the counts they keep (a count no later layer can push over its cap is
 * cleared), highest total first. Returns 0 when out of memory. */
static int merge_classes(Arena *arena, const Classes *classes, u128 with_value, u128 caps,
                         u128 slack, u128 guards, Classes *out) {
    const u128 ones = GUARD - 1;
    Map merged;
    int *group_of = arena_alloc(arena, sizeof(int) * (size_t)(classes->count + 1));
    int *tops = arena_alloc(arena, sizeof(int) * (size_t)(classes->count + 1));
    if (group_of == NULL || tops == NULL || !map_init(arena, &merged, 16)) return 0;
    for (int c = 0; c < classes->count; c++) {
        const Class *item = &classes->items[c];
        u128 counts = with_value + item->packed;
        group_of[c] = -1;
        if (((caps - counts) & guards) != guards) continue;
        u128 kept = counts & ~((((slack - counts) & guards) >> (FIELD - 1)) * ones);
        Key key = {kept, 0, 0};
        int added;
        int group = map_index(arena, &merged, &key, &added);
        if (group < 0) return 0;
        if (added || item->top > tops[group]) tops[group] = item->top;
        group_of[c] = group;
    }
    out->count = merged.count;
    out->items = arena_alloc(arena, sizeof(Class) * (size_t)(merged.count + 1));
    if (out->items == NULL) return 0;
    for (int group = 0; group < merged.count; group++) {
        u64 *ways = arena_zeros(arena, sizeof(u64) * (size_t)(tops[group] + 1));
        if (ways == NULL) return 0;
        out->items[group] = (Class){tops[group], merged.keys[group].kept, ways};
    }
    for (int c = 0; c < classes->count; c++) {
        if (group_of[c] < 0) continue;
        const Class *item = &classes->items[c];
        u64 *ways = out->items[group_of[c]].at_least;
        for (int need = 0; need <= item->top; need++) ways[need] += item->at_least[need];
    }
    qsort(out->items, (size_t)out->count, sizeof(Class), by_top);
    return 1;
}

/* --- the search ------------------------------------------------------------------------- */
typedef struct {
    int size, bonus, fixed_prev, after_value, after_reach, parity, adjacent_next;
    u64 excluded;
} Layer;

typedef struct {
    int v;
    u128 unit;
    u64 bits;
} Candidate;

typedef struct {
    int from, v, to;
    u64 ways;
} Edge;

typedef struct {
    Key *keys;
    u128 *counts;
    int count;
} States;

static int search(Arena *arena, const i64 *spec, u64 *out, int out_size) {
    int m = (int)spec[0];
    u64 unknown = (u64)spec[1];
    int n_limits = (int)spec[2], n_not_all = (int)spec[3];
    const i64 *kind_of = spec + 4;
    const i64 *layer_spec = kind_of + ESCAPE + 1;
    const i64 *limits = layer_spec + LAYER_FIELDS * m;
    const i64 *not_all = limits + 3 * n_limits;
    if (m < 1 || m > MAX_LAYERS || out_size < m * (1 + 3 * MAX_HIDEOUT)) return UNSUPPORTED;

    Layer layers[MAX_LAYERS];
    int cards = 0;
    for (int i = 0; i < m; i++) {
        const i64 *s = layer_spec + LAYER_FIELDS * i;
        layers[i] = (Layer){(int)s[0], (int)s[1], (int)s[2], (int)s[3],
                            (int)s[4], (int)s[6], (int)s[7], (u64)s[5]};
        cards += layers[i].size;
    }

    /* _Layout: which kinds and piles are counted, their caps and slack per layer */
    int avail[KINDS] = {0};
    for (int card = 1; card <= ESCAPE; card++)
        if (unknown >> card & 1) avail[kind_of[card]]++;
    int pile_caps[MAX_LAYERS][PILES];
    for (int i = 0; i < m; i++)
        for (int p = 0; p < PILES; p++) pile_caps[i][p] = UNLIMITED;
    for (int l = 0; l < n_limits; l++) {
        int pile = (int)limits[3 * l], n = (int)limits[3 * l + 1], cap = (int)limits[3 * l + 2];
        if (cap < pile_caps[n - 1][pile]) pile_caps[n - 1][pile] = cap;
    }
    int most[GROUPS] = {cards, cards, cards, cards};
    for (int p = 0; p < PILES; p++) {
        int later = cards;
        for (int n = 0; n < m; n++) {
            later -= layers[n].size;
            if (pile_caps[n][p] + later < most[p + 1]) most[p + 1] = pile_caps[n][p] + later;
        }
    }
    int fields = 0, pile_field[PILES], kind_field[KINDS];
    for (int p = 0; p < PILES; p++) {
        pile_field[p] = -1;
        for (int i = 0; i < m; i++)
            if (pile_caps[i][p] < UNLIMITED) {
                pile_field[p] = fields++;
                break;
            }
    }
    for (int k = 0; k < KINDS; k++) {
        kind_field[k] = -1;
        if (avail[k] > 0 && avail[k] < most[k / VALUES]) kind_field[k] = fields++;
    }
    if (fields > MAX_FIELDS) return UNSUPPORTED;
    u128 units[KINDS] = {0}, guards = 0, kind_caps = 0;
    for (int k = 0; k < KINDS; k++) {
        if (kind_field[k] >= 0) {
            units[k] += (u128)1 << (kind_field[k] * FIELD);
            kind_caps += (u128)(avail[k] | GUARD) << (kind_field[k] * FIELD);
        }
        int pile = k / VALUES - 1;
        if (pile >= 0 && pile_field[pile] >= 0) units[k] += (u128)1 << (pile_field[pile] * FIELD);
    }
    for (int f = 0; f < fields; f++) guards += (u128)GUARD << (f * FIELD);
    u128 caps[MAX_LAYERS], slack[MAX_LAYERS];
    for (int i = 0; i < m; i++) {
        caps[i] = kind_caps;
        for (int p = 0; p < PILES; p++)
            if (pile_field[p] >= 0)
                caps[i] += (u128)(pile_caps[i][p] | GUARD) << (pile_field[p] * FIELD);
        int later = 0;
        for (int j = i + 1; j < m; j++) later += layers[j].size;
        u128 s = 0;
        for (int k = 0; k < KINDS; k++)
            if (kind_field[k] >= 0 && avail[k] > later)
                s |= (u128)(avail[k] - later) << (kind_field[k] * FIELD);
        for (int p = 0; p < PILES; p++) {
            if (pile_field[p] < 0) continue;
            int room = UNLIMITED, placed = 0;
            for (int j = i + 1; j < m; j++) {
                placed += layers[j].size;
                if (pile_caps[j][p] - placed < room) room = pile_caps[j][p] - placed;
            }
            if (room > 0) s |= (u128)room << (pile_field[p] * FIELD);
        }
        slack[i] = s | guards;
    }
    /* the Sprint kinds worth considering, and each layer's classes */
    int kinds[KINDS], n_kinds = 0;
    for (int group = 0; group < GROUPS; group++) {
        int floor = 0;
        for (int k = group * VALUES; k < (group + 1) * VALUES; k++)
            if (avail[k] && kind_field[k] < 0 && k % VALUES > floor) floor = k % VALUES;
        for (int k = group * VALUES; k < (group + 1) * VALUES; k++)
            if (avail[k] && k % VALUES >= floor) kinds[n_kinds++] = k;
    }
    int rooms[MAX_LAYERS][PILES];
    for (int i = m - 1; i >= 0; i--)
        for (int p = 0; p < PILES; p++)
            rooms[i][p] = (i == m - 1 || pile_caps[i][p] < rooms[i + 1][p]) ? pile_caps[i][p]
                                                                            : rooms[i + 1][p];
    Classes classes[MAX_LAYERS];
    for (int i = 0; i < m; i++) {
        int value[KINDS], n = 0;
        u128 unit[KINDS];
        for (int x = 0; x < n_kinds; x++) {
            int k = kinds[x];
            if (k < VALUES || rooms[i][k / VALUES - 1] > 0) {
                value[n] = k % VALUES;
                unit[n++] = units[k];
            }
        }
        u128 bound = kind_caps;
        for (int p = 0; p < PILES; p++)
            if (pile_field[p] >= 0) bound += (u128)(rooms[i][p] | GUARD) << (pile_field[p] * FIELD);
        if (!sprint_classes(arena, layers[i].size - 1, n, value, unit, bound, guards, &classes[i]))
            return UNSUPPORTED;
    }

    /* the series facts: a bit per (fact, number), checked after the fact's last layer (the
     * larger arrays of a call live in the arena, so that a call needs little stack) */
    u64(*series_bits)[MAX_HIDEOUT + 1] = arena_zeros(arena, sizeof(*series_bits) * (size_t)m);
    u64(*checks)[64] = arena_alloc(arena, sizeof(*checks) * (size_t)m);
    if (series_bits == NULL || checks == NULL) return UNSUPPORTED;
    int n_checks[MAX_LAYERS] = {0};
    u64 all_checks[MAX_LAYERS] = {0};
    int bit = 0;
    for (int f = 0; f < n_not_all; f++) {
        u64 numbers = (u64)not_all[2 * f], relevant = (u64)not_all[2 * f + 1];
        u64 mask = 0;
        int last = 0;
        for (int number = 0; number <= MAX_HIDEOUT; number++) {
            if (!(numbers >> number & 1)) continue;
            if (bit >= 64) return UNSUPPORTED;
            for (int i = 0; i < m; i++)
                if (relevant >> i & 1) {
                    series_bits[i][number] |= (u64)1 << bit;
                    last = i;
                }
            mask |= (u64)1 << bit;
            bit++;
        }
        checks[last][n_checks[last]++] = mask;
        all_checks[last] |= mask;
    }

    /* each layer's candidates */
    u64 candidates_mask = unknown & ~((u64)1 << ESCAPE);
    Candidate(*candidates)[MAX_HIDEOUT] = arena_alloc(arena, sizeof(*candidates) * (size_t)m);
    if (candidates == NULL) return UNSUPPORTED;
    int n_candidates[MAX_LAYERS];
    int prev_low = 0, prev_high = 0;
    for (int i = 0; i < m; i++) {
        const Layer *layer = &layers[i];
        if (layer->fixed_prev >= 0) prev_low = prev_high = layer->fixed_prev;
        if (classes[i].count == 0) return NO_SPRINT;
        int low = prev_low + 1;
        int high = prev_high + REACH + layer->bonus + classes[i].items[0].top;
        if (high > MAX_HIDEOUT) high = MAX_HIDEOUT;
        if (layer->after_value >= 0) {
            if (layer->after_value - layer->after_reach > low)
                low = layer->after_value - layer->after_reach;
            if (layer->after_value - 1 < high) high = layer->after_value - 1;
        }
        int n = 0;
        for (int v = low > 0 ? low : 0; v <= high; v++) {
            if (!(candidates_mask >> v & 1) || (layer->excluded >> v & 1)) continue;
            if (layer->parity >= 0 && (v & 1) != layer->parity) continue;
            candidates[i][n++] = (Candidate){v, units[kind_of[v]], series_bits[i][v]};
        }
        if (n == 0) return NO_FIT;
        n_candidates[i] = n;
        prev_low = candidates[i][0].v;
        prev_high = candidates[i][n - 1].v;
    }

    /* forward: the ways to reach each state, layer by layer */
    States forwards[MAX_LAYERS + 1];
    Edge *edges[MAX_LAYERS];
    int n_edges[MAX_LAYERS];
    forwards[0].keys = arena_alloc(arena, sizeof(Key));
    forwards[0].counts = arena_alloc(arena, sizeof(u128));
    if (forwards[0].keys == NULL || forwards[0].counts == NULL) return UNSUPPORTED;
    forwards[0].keys[0] = (Key){0, 0, layers[0].fixed_prev};
    forwards[0].counts[0] = 1;
    forwards[0].count = 1;
    for (int i = 0; i < m; i++) {
        const Layer *layer = &layers[i];
        int following = i + 1 < m ? (layer->adjacent_next ? -2 : layers[i + 1].fixed_prev) : -1;
        int best = classes[i].items[0].top;
        Map fitting, next;
        Classes *fits_of = NULL;
        int fits_capacity = 0;
        u128 *next_counts = NULL;
        int next_capacity = 0, edge_capacity = 0;
        Edge *layer_edges = NULL;
        int layer_n_edges = 0;
        if (!map_init(arena, &fitting, 16) || !map_init(arena, &next, 64)) return UNSUPPORTED;
        const States *frontier = &forwards[i];
        for (int s = 0; s < frontier->count; s++) {
            const Key *state = &frontier->keys[s];
            u128 count = frontier->counts[s];
            int prev = (int)state->prev, base = prev + REACH + layer->bonus;
            for (int c = 0; c < n_candidates[i]; c++) {
                const Candidate *candidate = &candidates[i][c];
                int v = candidate->v;
                if (v <= prev) continue;
                int need = v - base;
                if (need > best) break;
                u128 with_value = state->kept + candidate->unit;
                Key fit_key = {with_value, 0, 0};
                int added;
                int fit_index = map_index(arena, &fitting, &fit_key, &added);
                if (fit_index < 0) return UNSUPPORTED;
                if (added) {
                    fits_of = grow(arena, fits_of, &fits_capacity, fit_index, sizeof(Classes));
                    if (fits_of == NULL) return UNSUPPORTED;
                    if (!merge_classes(arena, &classes[i], with_value, caps[i], slack[i], guards,
                                       &fits_of[fit_index]))
                        return UNSUPPORTED;
                }
                u64 marks = state->marks | candidate->bits;
                if (n_checks[i]) {
                    int broken = 0;
                    for (int x = 0; x < n_checks[i]; x++)
                        if ((marks & checks[i][x]) == checks[i][x]) broken = 1;
                    if (broken) continue;
                    marks &= ~all_checks[i];
                }
                int new_prev = following == -2 ? v : following;
                if (need < 0) need = 0;
                const Classes *fits = &fits_of[fit_index];
                for (int f = 0; f < fits->count; f++) {
                    const Class *fit = &fits->items[f];
                    if (fit->top < need) break;
                    Key key = {fit->packed, marks, new_prev};
                    int to = map_index(arena, &next, &key, &added);
                    if (to < 0) return UNSUPPORTED;
                    if (added) {
                        next_counts = grow(arena, next_counts, &next_capacity, to, sizeof(u128));
                        if (next_counts == NULL) return UNSUPPORTED;
                        next_counts[to] = 0;
                    }
                    u64 ways = fit->at_least[need];
                    if (!mul_add(&next_counts[to], count, ways)) return UNSUPPORTED;
                    layer_edges = grow(arena, layer_edges, &edge_capacity, layer_n_edges,
                                       sizeof(Edge));
                    if (layer_edges == NULL) return UNSUPPORTED;
                    layer_edges[layer_n_edges++] = (Edge){s, v, to, ways};
                }
            }
        }
        if (next.count == 0) return NO_FIT;
        forwards[i + 1] = (States){next.keys, next_counts, next.count};
        edges[i] = layer_edges;
        n_edges[i] = layer_n_edges;
    }

    /* backward: ways from each state to the end, and the weights of each value */
    u128 *after = arena_alloc(arena, sizeof(u128) * (size_t)forwards[m].count);
    if (after == NULL) return UNSUPPORTED;
    for (int s = 0; s < forwards[m].count; s++) after[s] = 1;
    u128(*weights)[MAX_HIDEOUT + 1] = arena_zeros(arena, sizeof(*weights) * (size_t)m);
    if (weights == NULL) return UNSUPPORTED;
    for (int i = m - 1; i >= 0; i--) {
        u128 *before = arena_zeros(arena, sizeof(u128) * (size_t)forwards[i].count);
        if (before == NULL) return UNSUPPORTED;
        for (int e = 0; e < n_edges[i]; e++) {
            const Edge *edge = &edges[i][e];
            u128 rest = after[edge->to];
            if (rest == 0) continue;
            u128 through = 0;
            if (!mul_add(&through, edge->ways, rest)) return UNSUPPORTED;
            if (!mul_add(&before[edge->from], through, 1)) return UNSUPPORTED;
            if (!mul_add(&weights[i][edge->v], forwards[i].counts[edge->from], through))
                return UNSUPPORTED;
        }
        after = before;
    }

    /* out: per layer, the number of values, then (value, low 64 bits, high 64 bits) each */
    int at = 0;
    for (int i = 0; i < m; i++) {
        int count_at = at++;
        out[count_at] = 0;
        for (int v = 1; v <= MAX_HIDEOUT; v++) {
            if (weights[i][v] == 0) continue;
            out[at++] = (u64)v;
            out[at++] = (u64)weights[i][v];
            out[at++] = (u64)(weights[i][v] >> 64);
            out[count_at]++;
        }
    }
    return OK;
}

#ifndef SOURCE_DIGEST
#define SOURCE_DIGEST "unknown"
#endif

/* The digest of this file when it was compiled (hatch_build.py sets it). */
const char *layered_search_digest(void) { return SOURCE_DIGEST; }

/* Run the layered search on an encoded table (see native_search.py): OK with the weights in
 * `out`, NO_SPRINT or NO_FIT when the facts admit no assignment, UNSUPPORTED otherwise. */
int layered_search(const i64 *spec, u64 *out, int out_size) {
    Arena arena = {NULL};
    int status = search(&arena, spec, out, out_size);
    arena_free(&arena);
    return status;
}
