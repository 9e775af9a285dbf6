/* TD(0) self-play trainer for the bot's contact and race nets.
 *
 * Training only: the app never runs this.  It exists because pure Python plays
 * a few hundred self-play games a minute at best, and a usable net wants
 * hundreds of thousands.  The inference in game/bot/net.py reads the weights
 * this program writes and encodes positions the same way (see encode()).
 *
 * Build and run (tools/bot/train.py does both):
 *   gcc -O3 -march=native -ffast-math -o td_train tools/bot/td_train.c -lm
 *   ./td_train train OUT.bin GAMES SEED [INIT.bin] [ALPHA0 ALPHA1]
 *   ./td_train race OUT.bin GAMES SEED INIT.bin ALPHA0 ALPHA1   (random races only)
 *   ./td_train eval WEIGHTS.bin < positions   (one "m0..m24 t0..t24" per line)
 *   ./td_train value RAW SEED [PLY] < positions  (the target gen would write, same variables)
 *   ./td_train moves < lines                  ("m0..m24 t0..t24 d1 d2": prints results)
 *   ./td_train features < positions           (prints the 18 hand-made inputs)
 *   ./td_train gen RAW OUT GAMES SEED [PLY]   (self-play contact positions with their
 *       PLY-deep values, for tools/bot/fit.py; GEN_EXPLORE, GEN_TOP, GEN_RACE=1;
 *       GEN_TRIALS=N GEN_DEPTH=D: truncated rollouts instead of PLY, GEN_VR=1 with
 *       every roll's luck taken out, see rollout_value())
 * TD_RAW_ONLY=1: the contact net reads the raw inputs only (as in the first
 * stage of the shipped weights) and does not gain the hand-made ones.
 * TD_SAVE_EVERY=N: save (and report) every N games instead of 10,000.
 * TD_ONE_PLY=1: train each position toward its 1-ply value (the average
 * over the 21 rolls of the best play's value) instead of the rolled one's.
 * With INIT, an older contact net without the hand-made inputs (or with the
 * first group only) gets them with zero weights; TD_HIDDEN=N grows its hidden
 * layer to N units.  TD_INPUTS=220 or 226 grows it to the first group only
 * or the first two (the default: all three, 232 inputs).
 *
 * Positions are seen from the player on roll: mine[0..23] are his points 1-24,
 * mine[24] his bar; theirs[] is the same for the opponent in the opponent's
 * own numbering.  Five outputs for the player on roll: win, win gammon (or
 * better), win backgammon, lose gammon (or worse), lose backgammon.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NRAW 208          /* raw inputs (both nets) */
#define NF 12             /* hand-made inputs, first group (gen's records hold these) */
#define NF_ALL 18         /* two groups (a 226-input contact net), see features() */
#define NF3 24            /* three groups (a 232-input contact net) */
#define NIN (NRAW + NF3)
#define NOUT 5
#define HC 128
#define HR 64
#define HMAX 512

/* ---------------------------------------------------------------- RNG */
static uint64_t rng_s;
static uint64_t rng_next(void) {
    uint64_t z = (rng_s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
static int roll_die(void) { return (int)(rng_next() % 6) + 1; }
static double rng_unit(void) { return (rng_next() >> 11) * (1.0 / 9007199254740992.0); }

/* ---------------------------------------------------------------- net */
typedef struct {
    int nin, h;
    float *w1; /* nin x h, row per input */
    float *b1; /* h */
    float *w2; /* NOUT x h */
    float *b2; /* NOUT */
} Net;

static void net_alloc(Net *n, int nin, int h) {
    n->nin = nin;
    n->h = h;
    n->w1 = calloc((size_t)nin * h, sizeof(float));
    n->b1 = calloc(h, sizeof(float));
    n->w2 = calloc((size_t)NOUT * h, sizeof(float));
    n->b2 = calloc(NOUT, sizeof(float));
}

static void net_init(Net *n) {
    for (int i = 0; i < n->nin * n->h; i++) n->w1[i] = (float)((rng_unit() - 0.5) * 0.2);
    for (int i = 0; i < n->h; i++) n->b1[i] = 0;
    for (int i = 0; i < NOUT * n->h; i++) n->w2[i] = (float)((rng_unit() - 0.5) * 0.2);
    for (int k = 0; k < NOUT; k++) n->b2[k] = 0;
}

/* raw format: int32 nin, int32 h, then w1, b1, w2, b2 as float32 */
static int net_write(FILE *f, Net *n) {
    int32_t nin = n->nin, h = n->h;
    fwrite(&nin, 4, 1, f);
    fwrite(&h, 4, 1, f);
    fwrite(n->w1, 4, (size_t)nin * n->h, f);
    fwrite(n->b1, 4, n->h, f);
    fwrite(n->w2, 4, (size_t)NOUT * n->h, f);
    fwrite(n->b2, 4, NOUT, f);
    return 0;
}

static int net_read(FILE *f, Net *n) {
    int32_t nin, h;
    if (fread(&nin, 4, 1, f) != 1 || fread(&h, 4, 1, f) != 1) return -1;
    if (nin > NIN || h > HMAX) return -1;
    net_alloc(n, nin, h);
    if (fread(n->w1, 4, (size_t)nin * h, f) != (size_t)nin * h) return -1;
    if (fread(n->b1, 4, h, f) != (size_t)h) return -1;
    if (fread(n->w2, 4, (size_t)NOUT * h, f) != (size_t)NOUT * h) return -1;
    if (fread(n->b2, 4, NOUT, f) != NOUT) return -1;
    return 0;
}

/* Grow a net read from an older run: new inputs get zero weights and new
 * hidden units zero output weights, so the outputs are unchanged at first. */
static void net_grow(Net *n, int nin, int h) {
    if (nin <= n->nin && h <= n->h) return;
    if (nin < n->nin) nin = n->nin;
    if (h < n->h) h = n->h;
    Net g;
    net_alloc(&g, nin, h);
    for (int i = 0; i < nin; i++)
        for (int j = 0; j < h; j++)
            g.w1[(size_t)i * h + j] = (i < n->nin && j < n->h) ? n->w1[(size_t)i * n->h + j]
                                      : (j < n->h ? 0.0f : (float)((rng_unit() - 0.5) * 0.2));
    for (int j = 0; j < n->h; j++) g.b1[j] = n->b1[j];
    for (int k = 0; k < NOUT; k++) {
        for (int j = 0; j < n->h; j++) g.w2[k * h + j] = n->w2[k * n->h + j];
        g.b2[k] = n->b2[k];
    }
    free(n->w1); free(n->b1); free(n->w2); free(n->b2);
    *n = g;
}

/* Inputs: for each side (mine first, then theirs) 26 slots of 4 units.
 * Slots 0-23 are the points, 24 the bar, 25 the borne-off checkers.
 * Points and bar with n checkers: [n>=1, n>=2, n>=3, (n-3)/2 if n>3].
 * Borne off n: [n>=1, n/15, (n-7)/8 if n>7, (n-12)/3 if n>12].          */
static void features(const int *mine, const int *theirs, float *f);

/* nf: how many hand-made inputs follow the raw ones (0, NF, NF_ALL or NF3) */
static int encode(const int *mine, const int *theirs, int *idx, float *val, int nf) {
    int nz = 0;
    for (int side = 0; side < 2; side++) {
        const int *b = side ? theirs : mine;
        int base = side * 104, total = 0;
        for (int s = 0; s < 25; s++) {
            int c = b[s];
            total += c;
            if (!c) continue;
            int o = base + s * 4;
            idx[nz] = o; val[nz++] = 1.0f;
            if (c >= 2) { idx[nz] = o + 1; val[nz++] = 1.0f; }
            if (c >= 3) { idx[nz] = o + 2; val[nz++] = 1.0f; }
            if (c > 3) { idx[nz] = o + 3; val[nz++] = (c - 3) / 2.0f; }
        }
        int off = 15 - total;
        if (off >= 1) {
            int o = base + 100;
            idx[nz] = o; val[nz++] = 1.0f;
            idx[nz] = o + 1; val[nz++] = off / 15.0f;
            if (off > 7) { idx[nz] = o + 2; val[nz++] = (off - 7) / 8.0f; }
            if (off > 12) { idx[nz] = o + 3; val[nz++] = (off - 12) / 3.0f; }
        }
    }
    if (nf) {
        float f[NF3];
        features(mine, theirs, f);
        for (int k = 0; k < nf; k++)
            if (f[k] != 0.0f) { idx[nz] = NRAW + k; val[nz++] = f[k]; }
    }
    return nz;
}

static inline float sigm(float x) { return 1.0f / (1.0f + expf(-x)); }

/* forward; fills hid (h) and out (5) */
static void forward(const Net *n, const int *idx, const float *val, int nz, float *hid, float *out) {
    int h = n->h;
    float acc[HMAX];
    memcpy(acc, n->b1, h * sizeof(float));
    for (int z = 0; z < nz; z++) {
        const float *row = n->w1 + (size_t)idx[z] * h;
        float v = val[z];
        if (v == 1.0f)
            for (int j = 0; j < h; j++) acc[j] += row[j];
        else
            for (int j = 0; j < h; j++) acc[j] += v * row[j];
    }
    for (int j = 0; j < h; j++) hid[j] = sigm(acc[j]);
    for (int k = 0; k < NOUT; k++) {
        const float *w = n->w2 + k * h;
        float s = n->b2[k];
        for (int j = 0; j < h; j++) s += w[j] * hid[j];
        out[k] = sigm(s);
    }
}

/* one gradient step of the squared error toward target */
static double train_step(Net *n, const int *idx, const float *val, int nz, const float *target,
                         float alpha) {
    int h = n->h;
    float hid[HMAX], out[NOUT], dout[NOUT], dh[HMAX];
    forward(n, idx, val, nz, hid, out);
    double err = 0;
    for (int k = 0; k < NOUT; k++) {
        float e = target[k] - out[k];
        err += e * e;
        dout[k] = e * out[k] * (1 - out[k]);
    }
    for (int j = 0; j < h; j++) {
        float s = 0;
        for (int k = 0; k < NOUT; k++) s += dout[k] * n->w2[k * h + j];
        dh[j] = s * hid[j] * (1 - hid[j]);
    }
    for (int k = 0; k < NOUT; k++) {
        float a = alpha * dout[k];
        float *w = n->w2 + k * h;
        for (int j = 0; j < h; j++) w[j] += a * hid[j];
        n->b2[k] += a;
    }
    for (int j = 0; j < h; j++) n->b1[j] += alpha * dh[j];
    for (int z = 0; z < nz; z++) {
        float *row = n->w1 + (size_t)idx[z] * h;
        float a = alpha * val[z];
        for (int j = 0; j < h; j++) row[j] += a * dh[j];
    }
    return err;
}

/* ---------------------------------------------------------------- rules */
static const int START[25] = {0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5,
                              0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0};

static int is_race(const int *mine, const int *theirs) {
    int bm = -1, bt = -1;
    for (int i = 24; i >= 0; i--) if (mine[i]) { bm = i; break; }
    for (int i = 24; i >= 0; i--) if (theirs[i]) { bt = i; break; }
    return bm + bt < 23;
}

/* Results of move generation: me (mover coords) and om (opponent in mover
 * coords: om[t] = theirs[23 - t], om[24] = the opponent's bar).           */
#define MAXR 8192
static signed char R_me[MAXR][25], R_om[MAXR][25];
static int R_code[MAXR];
static uint64_t R_hash[MAXR];
static int nR;

static void record(const int *me, const int *om, int code) {
    uint64_t hsh = 1469598103934665603ULL;
    for (int i = 0; i < 25; i++) { hsh = (hsh ^ (uint64_t)me[i]) * 1099511628211ULL; }
    for (int i = 0; i < 25; i++) { hsh = (hsh ^ (uint64_t)om[i]) * 1099511628211ULL; }
    for (int r = 0; r < nR; r++) {
        if (R_hash[r] == hsh && R_code[r] == code) {
            int same = 1;
            for (int i = 0; i < 25 && same; i++)
                if (R_me[r][i] != me[i] || R_om[r][i] != om[i]) same = 0;
            if (same) return;
        }
    }
    if (nR >= MAXR) { fprintf(stderr, "too many results\n"); exit(2); }
    for (int i = 0; i < 25; i++) { R_me[nR][i] = (signed char)me[i]; R_om[nR][i] = (signed char)om[i]; }
    R_code[nR] = code;
    R_hash[nR] = hsh;
    nR++;
}

/* code of a recorded sequence: number of steps; for non-doubles a single
 * step gets 11 when it was the higher die (walk 1) and 10 for the lower. */
static int walk(int *me, int *om, const int *dice, int nd, int i, int limit, int same, int single_code) {
    int d = dice[i], last = (i + 1 == nd), moved = 0;
    int s_hi = me[24] ? 24 : (limit < 24 ? limit : 23);
    int s_lo = me[24] ? 24 : 0;
    for (int s = s_hi; s >= s_lo; s--) {
        if (!me[s]) continue;
        int t = s - d, o = 0;
        if (t >= 0) {
            o = om[t];
            if (o > 1) continue;
            me[s]--; me[t]++;
            if (o) { om[t] = 0; om[24]++; }
        } else {
            int ok = 1;
            for (int k = 6; k < 24; k++) if (me[k]) { ok = 0; break; }
            if (!ok) continue;
            if (t < -1) for (int k = s + 1; k < 6; k++) if (me[k]) { ok = 0; break; }
            if (!ok) continue;
            me[s]--;
        }
        moved = 1;
        if (last || !walk(me, om, dice, nd, i + 1, same ? s : 24, same, single_code)) {
            int steps = i + 1;
            record(me, om, (steps == 1 && nd == 2) ? single_code : steps);
        }
        if (t >= 0) {
            me[t]--;
            if (o) { om[t] = 1; om[24]--; }
        }
        me[s]++;
    }
    return moved;
}

/* Fills R_* with the legal results, returns their count (compacted). */
static int generate(const int *mine, const int *theirs, int d1, int d2) {
    int me[25], om[25];
    for (int i = 0; i < 25; i++) me[i] = mine[i];
    for (int t = 0; t < 24; t++) om[t] = theirs[23 - t];
    om[24] = theirs[24];
    nR = 0;
    if (d1 == d2) {
        int dice[4] = {d1, d1, d1, d1};
        walk(me, om, dice, 4, 0, 24, 1, 1);
    } else {
        int hi = d1 > d2 ? d1 : d2, lo = d1 > d2 ? d2 : d1;
        int dice[2] = {hi, lo};
        walk(me, om, dice, 2, 0, 24, 0, 11);
        dice[0] = lo; dice[1] = hi;
        walk(me, om, dice, 2, 0, 24, 0, 10);
    }
    /* keep the best code: 4 > 3 > 2 > 11 (high single) > 10 (low single) > 1 */
    int best = -1, rank_best = -1;
    for (int r = 0; r < nR; r++) {
        int c = R_code[r];
        int rank = c == 11 ? 1 : c == 10 ? 0 : c == 1 ? 0 : c + 10;
        if (rank > rank_best) { rank_best = rank; best = c; }
    }
    int m = 0;
    for (int r = 0; r < nR; r++) {
        if (R_code[r] != best) continue;
        if (m != r) {
            memcpy(R_me[m], R_me[r], 25); memcpy(R_om[m], R_om[r], 25);
            R_code[m] = R_code[r]; R_hash[m] = R_hash[r];
        }
        m++;
    }
    nR = m;
    return m;
}

/* the position after result r, from the opponent's view */
static void after(int r, int *mine2, int *theirs2) {
    for (int i = 0; i < 24; i++) mine2[i] = R_om[r][23 - i];
    mine2[24] = R_om[r][24];
    for (int i = 0; i < 25; i++) theirs2[i] = R_me[r][i];
}


/* ---------------------------------------------------------------- features
 * The hand-made contact inputs, as game/bot/features.py computes them: for
 * each side (the player on roll first) shots/36, escape/36, containment/36,
 * prime/6, dance (c/6)^2, stay-out 1-((6-c)/6)^2.                         */
static const int ROLL_D1[21] = {1, 2, 2, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 5, 6, 6, 6, 6, 6, 6};
static const int ROLL_D2[21] = {1, 1, 2, 1, 2, 3, 1, 2, 3, 4, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 6};
#define WINDOW 10
static int esc_table[1 << WINDOW];

static int open_at(int mask, int d) { return d > WINDOW || !((mask >> (WINDOW - d)) & 1); }

static void build_escapes(void) {
    for (int mask = 0; mask < (1 << WINDOW); mask++) {
        if (!mask) { esc_table[mask] = 36; continue; }
        int low = 0;
        while (!((mask >> low) & 1)) low++;
        int far = WINDOW - low;
        int total = 0;
        for (int r = 0; r < 21; r++) {
            int d1 = ROLL_D1[r], d2 = ROLL_D2[r], ok = 0;
            if (d1 == d2) {
                for (int k = 1; k <= 4; k++) {
                    if (!open_at(mask, k * d1)) break;
                    if (k * d1 > far) { ok = 1; break; }
                }
            } else {
                ok = d1 > far || d2 > far ||
                     (d1 + d2 > far && (open_at(mask, d1) || open_at(mask, d2)) && open_at(mask, d1 + d2));
            }
            if (ok) total += d1 == d2 ? 1 : 2;
        }
        esc_table[mask] = total;
    }
}

static int escapes(int block, int p) {
    int m = p >= WINDOW ? (block >> (p - WINDOW)) & ((1 << WINDOW) - 1)
                        : (block << (WINDOW - p)) & ((1 << WINDOW) - 1);
    return esc_table[m];
}

static int made_bits(const int *b) {
    int m = 0;
    for (int i = 0; i < 24; i++) if (b[i] >= 2) m |= 1 << i;
    return m;
}

static int reverse24(int m) {
    int r = 0;
    for (int i = 0; i < 24; i++) if ((m >> i) & 1) r |= 1 << (23 - i);
    return r;
}

/* Hits of att (on roll) on dfn's blots; block: dfn's made points in att's
 * numbering.  out[0]: rolls (of 36) that hit a blot; out[1]: over the 36
 * rolls, the pips of the most costly blot each roll hits (a blot on att's
 * index b loses b + 1), summed; out[2]: rolls that hit two blots or more.
 * Each blot's hitting rolls are found on their own, most costly first.   */
static void hits(const int *att, const int *dfn, int block, int *out) {
    int blots[15], nb = 0;
    for (int j = 23; j >= 0; j--) if (dfn[j] == 1) blots[nb++] = 23 - j;
    out[0] = out[1] = out[2] = 0;
    if (!nb) return;
    int bar = att[24], nd_max = 2, d_max = 4;
    if (bar) { nd_max = bar == 1 ? 2 : 1; d_max = 5 - bar < 1 ? 1 : 5 - bar; }
    int once[21] = {0}, twice[21] = {0};
    for (int bi = nb - 1; bi >= 0; bi--) {
        int b = blots[bi], hit[21] = {0};
        for (int s = 24; s > b; s--) {
            if (bar ? s != 24 : (s == 24 || !att[s])) continue;
            int dist = s - b;
            for (int r = 0; r < 21; r++) {
                if (hit[r]) continue;
                int d1 = ROLL_D1[r], d2 = ROLL_D2[r];
                if (d1 == dist || d2 == dist) { hit[r] = 1; continue; }
                if (d1 == d2) {
                    int k = dist / d1;
                    if (dist % d1 || k < 2 || k > 4 || k > d_max) continue;
                    int ok = 1;
                    for (int i = 1; i < k; i++) if ((block >> (s - i * d1)) & 1) { ok = 0; break; }
                    if (ok) hit[r] = 1;
                } else if (d1 + d2 == dist && nd_max >= 2) {
                    if (!((block >> (s - d1)) & 1) || !((block >> (s - d2)) & 1)) hit[r] = 1;
                }
            }
        }
        for (int r = 0; r < 21; r++) {
            if (!hit[r]) continue;
            int w = ROLL_D1[r] == ROLL_D2[r] ? 1 : 2;
            if (once[r]) twice[r] = 1;
            else { once[r] = 1; out[1] += w * (b + 1); }
        }
    }
    for (int r = 0; r < 21; r++) {
        int w = ROLL_D1[r] == ROLL_D2[r] ? 1 : 2;
        if (once[r]) out[0] += w;
        if (twice[r]) out[2] += w;
    }
}

static int longest(int m) {
    int n = 0;
    while (m) { m &= m >> 1; n++; }
    return n;
}

static int popcount6(int m) {
    int c = 0;
    for (int i = 0; i < 6; i++) c += (m >> i) & 1;
    return c;
}

/* f: the side's first group (6), g: its second group (3) */
static void side_features(const int *me, const int *them, int my_made, int their_made, float *f, float *g) {
    int block = reverse24(their_made);
    int back = 24;
    while (back > 0 && !me[back]) back--;
    int esc = escapes(block, back);
    int contain = 36;
    for (int p = 14; p < 24; p++) { int e = escapes(block, p); if (e < contain) contain = e; }
    int prime = longest(my_made);
    if (prime > 6) prime = 6;
    int bar = me[24], c = popcount6(their_made & 63);
    int dance = bar ? c : 0, stay = bar >= 2 ? c : 0;
    int h[3];
    hits(them, me, reverse24(my_made), h);
    f[0] = h[0] / 36.0f;
    f[1] = esc / 36.0f;
    f[2] = contain / 36.0f;
    f[3] = prime / 6.0f;
    f[4] = dance * dance / 36.0f;
    f[5] = 1.0f - (6 - stay) * (6 - stay) / 36.0f;
    int anchor = 0;
    for (int i = 23; i >= 12; i--) if ((my_made >> i) & 1) { anchor = i - 11; break; }
    g[0] = ((h[1] + 6) / 12) / 72.0f;
    g[1] = h[2] / 36.0f;
    g[2] = anchor / 12.0f;
}

static int rearmost(const int *b) {
    int back = 24;
    while (back >= 0 && !b[back]) back--;
    return back;
}

/* The third group of the side me: pips to break contact, mobility of the
 * checkers behind the opponent's rearmost one, escapes of the second-rearmost
 * point (features.py says how each is counted). */
static void side_third(const int *me, const int *them, int their_made, float *g) {
    int block = reverse24(their_made);
    int back = rearmost(me), q = 23 - rearmost(them);
    if (back < 0) back = 0;
    int pips = 0, mob = 0, second = 36;
    if (back > q) {
        for (int i = q + 1; i < 25; i++) {
            if (!me[i]) continue;
            pips += me[i] * (i - q);
            if (i >= 12) mob += me[i] * escapes(block, i);
        }
        int s = back - 1;
        while (s > q && !me[s]) s--;
        if (s > q) second = escapes(block, s);
    }
    if (pips > 225) pips = 225;
    g[0] = pips / 150.0f;
    g[1] = ((mob + 3) / 6) / 90.0f;
    g[2] = second / 36.0f;
}

static void features(const int *mine, const int *theirs, float *f) {
    int mm = made_bits(mine), tm = made_bits(theirs);
    side_features(mine, theirs, mm, tm, f, f + NF);
    side_features(theirs, mine, tm, mm, f + NF / 2, f + NF + (NF_ALL - NF) / 2);
    side_third(mine, theirs, tm, f + NF_ALL);
    side_third(theirs, mine, mm, f + NF_ALL + (NF3 - NF_ALL) / 2);
}

/* ---------------------------------------------------------------- eval */
static Net contact, race;

static void evaluate(const int *mine, const int *theirs, float *out) {
    int idx[NIN]; float val[NIN], hid[HMAX];
    Net *n = is_race(mine, theirs) ? &race : &contact;
    int nz = encode(mine, theirs, idx, val, n->nin - NRAW);
    forward(n, idx, val, nz, hid, out);
}

static float equity(const float *p) {
    return 2 * p[0] - 1 + p[1] - p[3] + p[2] - p[4];
}

/* value of a finished game for the player who just bore off his last
 * checker: loser = the opponent with board in mover coords om */
static void finished(const int *mine2, float *p) {
    /* mine2: the loser's board (he is on roll in the after position) */
    int total = 0;
    for (int i = 0; i < 25; i++) total += mine2[i];
    int g = total == 15, bg = 0;
    if (g) { bg = mine2[24] > 0; for (int i = 18; i < 24; i++) if (mine2[i]) bg = 1; }
    p[0] = 1; p[1] = (float)g; p[2] = (float)bg; p[3] = 0; p[4] = 0;
}

/* ---------------------------------------------------------------- train */
static double sq_err_c, sq_err_r;
static long n_c, n_r;

/* a random race: each side's checkers behind a random front, some borne off */
static void random_side(int *b, int back) {
    memset(b, 0, 25 * sizeof(int));
    int off = (int)(rng_next() % 15);
    if (rng_next() % 4) off = 0;  /* mostly long races, all fifteen on the board */
    int n = 15 - off, lean = (int)(rng_next() % 2);
    b[back]++;
    for (int k = 1; k < n; k++) {
        /* uniform behind the front, or leaning home: the lower of two picks */
        int x = (int)(rng_next() % (back + 1)), y = (int)(rng_next() % (back + 1));
        b[lean && y < x ? y : x]++;
    }
}

static void random_race(int *mine, int *theirs) {
    int bm = (int)(rng_next() % 23);
    int bt = (int)(rng_next() % (23 - bm));
    random_side(mine, bm);
    random_side(theirs, bt);
}

static int race_mode, monte_carlo;

/* Monte Carlo targets: the positions of the current game, trained at its end */
#define MAXPLY 2048
static int mc_idx[MAXPLY][NIN];
static float mc_val[MAXPLY][NIN];
static int mc_nz[MAXPLY];

/* The best play of (mine, theirs) for the roll: the position after it (from
 * the opponent's view) in m2/t2, its probabilities from the opponent's view
 * in best_p, and *done when it bears off the last checker. */
static void play_roll(const int *mine, const int *theirs, int d1, int d2, int *m2, int *t2,
                      float *best_p, int *done) {
    int n = generate(mine, theirs, d1, d2);
    *done = 0;
    if (n == 0) {
        float p[NOUT];
        evaluate(theirs, mine, p);
        memcpy(m2, theirs, 25 * sizeof(int)); memcpy(t2, mine, 25 * sizeof(int));
        memcpy(best_p, p, sizeof p);
        return;
    }
    float best_e = -1e9f;
    int best_r = 0;
    for (int r = 0; r < n; r++) {
        float p[NOUT], q[NOUT], e;
        after(r, m2, t2);
        int left = 0;
        for (int i = 0; i < 25; i++) left += t2[i];
        if (left == 0) {
            finished(m2, q);
            /* store from the opponent's view so the flip below works */
            p[0] = 0; p[1] = 0; p[2] = 0; p[3] = q[1]; p[4] = q[2];
            e = equity(q);
            e += 10; /* a finishing play is always best */
        } else {
            evaluate(m2, t2, p);
            e = -equity(p);
        }
        if (e > best_e) { best_e = e; best_r = r; memcpy(best_p, p, NOUT * sizeof(float)); }
    }
    after(best_r, m2, t2);
    int left = 0;
    for (int i = 0; i < 25; i++) left += t2[i];
    *done = left == 0;
}

static int one_ply;  /* TD_ONE_PLY: train toward the average over the 21 rolls */

static int play_game(float alpha, int train) {
    int mine[25], theirs[25], m2[25], t2[25];
    int first = 1, plies = 0;
    if (race_mode) {
        random_race(mine, theirs);
        first = 0;
    } else {
        memcpy(mine, START, sizeof mine);
        memcpy(theirs, START, sizeof theirs);
    }
    for (;;) {
        int d1 = roll_die(), d2 = roll_die();
        if (first) { while (d1 == d2) { d1 = roll_die(); d2 = roll_die(); } first = 0; }
        float target[NOUT], best_p[NOUT], avg[NOUT] = {0, 0, 0, 0, 0};
        int done = 0;
        if (train && one_ply) {
            /* the 1-ply value: each of the 21 rolls played best at 0-ply */
            for (int r = 0; r < 21; r++) {
                float p[NOUT];
                int dn, w = ROLL_D1[r] == ROLL_D2[r] ? 1 : 2;
                play_roll(mine, theirs, ROLL_D1[r], ROLL_D2[r], m2, t2, p, &dn);
                avg[0] += w * (1 - p[0]); avg[1] += w * p[3]; avg[2] += w * p[4];
                avg[3] += w * p[1]; avg[4] += w * p[2];
            }
            for (int k = 0; k < NOUT; k++) avg[k] /= 36.0f;
        }
        play_roll(mine, theirs, d1, d2, m2, t2, best_p, &done);
        /* target for the position before the roll, from the mover's view */
        target[0] = 1 - best_p[0];
        target[1] = best_p[3];
        target[2] = best_p[4];
        target[3] = best_p[1];
        target[4] = best_p[2];
        if (train && one_ply) memcpy(target, avg, sizeof avg);
        if (train && monte_carlo) {
            if (plies < MAXPLY) mc_nz[plies] = encode(mine, theirs, mc_idx[plies], mc_val[plies], race.nin - NRAW);
            if (done) {
                /* the player who moved at ply k wins when k has the parity of this ply */
                float won[NOUT] = {1, 0, 0, 0, 0}, lost[NOUT] = {0, 0, 0, 0, 0};
                won[1] = target[1]; won[2] = target[2];
                lost[3] = target[1]; lost[4] = target[2];
                int last = plies < MAXPLY ? plies : MAXPLY - 1;
                for (int k = 0; k <= last; k++) {
                    const float *t = ((plies - k) % 2 == 0) ? won : lost;
                    sq_err_r += train_step(&race, mc_idx[k], mc_val[k], mc_nz[k], t, alpha); n_r++;
                }
            }
        } else if (train) {
            int idx[NIN]; float val[NIN];
            int r = is_race(mine, theirs);
            int nz = encode(mine, theirs, idx, val, (r ? race.nin : contact.nin) - NRAW);
            if (r) {
                sq_err_r += train_step(&race, idx, val, nz, target, alpha); n_r++;
            } else {
                sq_err_c += train_step(&contact, idx, val, nz, target, alpha); n_c++;
            }
        }
        plies++;
        if (done) return plies;
        memcpy(mine, m2, sizeof mine);
        memcpy(theirs, t2, sizeof theirs);
        if (plies > 2000) return plies;
    }
}

/* ---------------------------------------------------------------- gen
 * Supervised data: positions of self-play games with their deeper values.
 * value_ply(): the five probabilities for the player on roll, before his
 * roll, looking `ply` rolls ahead (each roll played best at 0-ply, the
 * position after it valued `ply - 1` deep; 0: the net itself).          */
static void flip_p(const float *p, float *q) {
    q[0] = 1 - p[0]; q[1] = p[3]; q[2] = p[4]; q[3] = p[1]; q[4] = p[2];
}

static void value_ply(const int *mine, const int *theirs, int ply, float *out) {
    if (ply == 0) { evaluate(mine, theirs, out); return; }
    float avg[NOUT] = {0, 0, 0, 0, 0};
    for (int r = 0; r < 21; r++) {
        int m2[25], t2[25], dn, w = ROLL_D1[r] == ROLL_D2[r] ? 1 : 2;
        float p[NOUT], q[NOUT];
        play_roll(mine, theirs, ROLL_D1[r], ROLL_D2[r], m2, t2, p, &dn);
        if (!dn && ply > 1) value_ply(m2, t2, ply - 1, p);
        flip_p(p, q);
        for (int k = 0; k < NOUT; k++) avg[k] += w * q[k];
    }
    for (int k = 0; k < NOUT; k++) out[k] = avg[k] / 36.0f;
}

/* Truncated rollout: `trials` games from the position, each roll played
 * best at 0-ply, stopped after `depth` plays (or at the end of the game)
 * and valued by the nets there; the mean over the trials, for the player
 * on roll.  Variance reduction: the first roll is stratified, trial t opens
 * with the ordered dice pair t mod 36 (36 trials play each of the 36 once,
 * so the first roll's luck cancels exactly), and the depth is the same in
 * every trial.  With GEN_DEPTH=1 and 36 trials this is the 1-ply value.
 *
 * With `luck` set (GEN_VR=1) every later roll's luck is taken out as well:
 * the value the nets give the roll's best play, less their average over
 * the 21 rolls from the same position, is subtracted from the trial's
 * result (each term has mean zero, so the estimate keeps its mean and loses
 * most of the dice's noise; 21 times the plays to value).  The mean is
 * then clamped to probabilities (bg <= gammon <= win).                   */
static void flip_diff(const float *d, float *q) {
    q[0] = -d[0]; q[1] = d[3]; q[2] = d[4]; q[3] = d[1]; q[4] = d[2];
}

static void clamp_p(float *p) {
    for (int k = 0; k < NOUT; k++) p[k] = p[k] < 0 ? 0 : p[k] > 1 ? 1 : p[k];
    if (p[1] > p[0]) p[1] = p[0];
    if (p[2] > p[1]) p[2] = p[1];
    if (p[3] > 1 - p[0]) p[3] = 1 - p[0];
    if (p[4] > p[3]) p[4] = p[3];
}

static void rollout_value(const int *mine, const int *theirs, int trials, int depth, int luck, float *out) {
    double sum[NOUT] = {0, 0, 0, 0, 0};
    for (int t = 0; t < trials; t++) {
        int a[25], b[25], m2[25], t2[25], dn = 0, plays = 0;
        float p[NOUT], q[NOUT], lucky[NOUT] = {0, 0, 0, 0, 0};
        memcpy(a, mine, sizeof a); memcpy(b, theirs, sizeof b);
        for (;;) {
            int d1, d2;
            float avg[NOUT];
            if (plays == 0) { d1 = (t % 36) / 6 + 1; d2 = t % 6 + 1; }
            else { d1 = roll_die(); d2 = roll_die(); }
            if (luck && plays > 0) value_ply(a, b, 1, avg);   /* the 21-roll average */
            play_roll(a, b, d1, d2, m2, t2, p, &dn);   /* p: for the player on roll in m2 */
            if (luck && plays > 0) {
                float got[NOUT], d[NOUT], r[NOUT];
                flip_p(p, got);                         /* for the player who rolled */
                for (int k = 0; k < NOUT; k++) d[k] = got[k] - avg[k];
                if (plays % 2) flip_diff(d, r); else memcpy(r, d, sizeof r);
                for (int k = 0; k < NOUT; k++) lucky[k] += r[k];
            }
            plays++;
            if (dn || plays >= depth) break;
            memcpy(a, m2, sizeof a); memcpy(b, t2, sizeof b);
        }
        if (plays % 2) flip_p(p, q); else memcpy(q, p, sizeof q);
        for (int k = 0; k < NOUT; k++) sum[k] += q[k] - lucky[k];
    }
    for (int k = 0; k < NOUT; k++) out[k] = (float)(sum[k] / trials);
    if (luck) clamp_p(out);
}

static int gen_trials, gen_depth, gen_luck;  /* GEN_TRIALS, GEN_DEPTH, GEN_VR: rollout targets */

static void read_rollout_env(void) {
    gen_trials = getenv("GEN_TRIALS") ? atoi(getenv("GEN_TRIALS")) : 0;
    gen_depth = getenv("GEN_DEPTH") ? atoi(getenv("GEN_DEPTH")) : 10;
    if (gen_depth < 1) gen_depth = 1;
    gen_luck = getenv("GEN_VR") != NULL;
}

/* One self-play move with exploration: with probability eps a uniform pick
 * among the best `top` plays at 0-ply, else the best.  Returns done.     */
static int explore_move(int *mine, int *theirs, int d1, int d2, double eps, int top) {
    int m2[25], t2[25], done;
    float p[NOUT];
    if (rng_unit() >= eps) {
        play_roll(mine, theirs, d1, d2, m2, t2, p, &done);
    } else {
        int n = generate(mine, theirs, d1, d2);
        if (n == 0) {
            memcpy(m2, theirs, sizeof m2); memcpy(t2, mine, sizeof t2); done = 0;
        } else {
            float es[MAXR]; int order[8], k = top < 8 ? top : 8, got = 0;
            for (int r = 0; r < n; r++) {
                int a[25], b[25], left = 0;
                after(r, a, b);
                for (int i = 0; i < 25; i++) left += b[i];
                if (left == 0) es[r] = 100;
                else { evaluate(a, b, p); es[r] = -equity(p); }
            }
            for (int j = 0; j < k && j < n; j++) {
                int bi = -1;
                for (int r = 0; r < n; r++) {
                    int used = 0;
                    for (int u = 0; u < got; u++) if (order[u] == r) used = 1;
                    if (!used && (bi < 0 || es[r] > es[bi])) bi = r;
                }
                order[got++] = bi;
            }
            int pick = order[rng_next() % got];
            after(pick, m2, t2);
            int left = 0;
            for (int i = 0; i < 25; i++) left += t2[i];
            done = left == 0;
        }
    }
    memcpy(mine, m2, 25 * sizeof(int)); memcpy(theirs, t2, 25 * sizeof(int));
    return done;
}

/* Record: int8 mine[25], int8 theirs[25], float32 features[12], float32 target[5]. */
static long gen_games(FILE *f, long games, int ply, double eps, int top, int races) {
    long written = 0;
    for (long g = 0; g < games; g++) {
        int mine[25], theirs[25], first = 1;
        memcpy(mine, START, sizeof mine);
        memcpy(theirs, START, sizeof theirs);
        for (int plies = 0; plies < 2000; plies++) {
            int race = is_race(mine, theirs);
            if (!first && race == races) {
                signed char b[50]; float feat[NF3], t[NOUT];
                for (int i = 0; i < 25; i++) { b[i] = (signed char)mine[i]; b[25 + i] = (signed char)theirs[i]; }
                features(mine, theirs, feat);
                if (gen_trials > 0) rollout_value(mine, theirs, gen_trials, gen_depth, gen_luck, t);
                else value_ply(mine, theirs, ply, t);
                fwrite(b, 1, 50, f); fwrite(feat, 4, NF, f); fwrite(t, 4, NOUT, f);
                written++;
            }
            int d1 = roll_die(), d2 = roll_die();
            if (first) { while (d1 == d2) { d1 = roll_die(); d2 = roll_die(); } first = 0; }
            if (explore_move(mine, theirs, d1, d2, eps, top)) break;
        }
        if ((g + 1) % 1000 == 0) { fprintf(stderr, "gen %ld games %ld positions\n", g + 1, written); fflush(f); }
    }
    return written;
}

static int save(const char *path) {
    char tmp[1024];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "wb");
    if (!f) return -1;
    net_write(f, &contact);
    net_write(f, &race);
    fclose(f);
    return rename(tmp, path);
}

static int load(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return -1;
    int rc = net_read(f, &contact) || net_read(f, &race);
    fclose(f);
    return rc;
}

static int read_pos(int *mine, int *theirs) {
    for (int i = 0; i < 25; i++) if (scanf("%d", &mine[i]) != 1) return 0;
    for (int i = 0; i < 25; i++) if (scanf("%d", &theirs[i]) != 1) return 0;
    return 1;
}

int main(int argc, char **argv) {
    build_escapes();
    if (argc >= 5 && (!strcmp(argv[1], "train") || !strcmp(argv[1], "race"))) {
        race_mode = !strcmp(argv[1], "race");
        monte_carlo = race_mode && getenv("TD_MONTE_CARLO") != NULL;
        one_ply = getenv("TD_ONE_PLY") != NULL;
        int raw_only = getenv("TD_RAW_ONLY") != NULL;
        long every = getenv("TD_SAVE_EVERY") ? atol(getenv("TD_SAVE_EVERY")) : 10000;
        if (every < 1) every = 10000;
        const char *out = argv[2];
        long games = atol(argv[3]);
        rng_s = strtoull(argv[4], 0, 10);
        double a0 = 0.1, a1 = 0.02;
        if (argc >= 6 && strcmp(argv[5], "-")) {
            if (load(argv[5])) { fprintf(stderr, "cannot read %s\n", argv[5]); return 1; }
            /* an older contact net gains the hand-made inputs (zero weights), and
             * TD_HIDDEN=N hidden units (the new ones with zero output weights) */
            const char *hidden = getenv("TD_HIDDEN");
            const char *inputs = getenv("TD_INPUTS");
            net_grow(&contact, raw_only ? contact.nin : inputs ? atoi(inputs) : NIN,
                     hidden ? atoi(hidden) : contact.h);
        } else {
            net_alloc(&contact, raw_only ? NRAW : NIN, HC); net_init(&contact);
            net_alloc(&race, NRAW, HR); net_init(&race);
        }
        if (argc >= 8) { a0 = atof(argv[6]); a1 = atof(argv[7]); }
        time_t t0 = time(0);
        long plies = 0;
        for (long g = 1; g <= games; g++) {
            /* learning rate decays geometrically from a0 to a1 */
            float alpha = (float)(a0 * pow(a1 / a0, (double)(g - 1) / (games > 1 ? games - 1 : 1)));
            plies += play_game(alpha, 1);
            if (g % every == 0 || g == games) {
                printf("games %ld  alpha %.4f  plies/game %.1f  mse contact %.5f race %.5f  %lds\n",
                       g, alpha, plies / (double)(g % every ? g % every : every), n_c ? sq_err_c / n_c / NOUT : 0,
                       n_r ? sq_err_r / n_r / NOUT : 0, (long)(time(0) - t0));
                fflush(stdout);
                sq_err_c = sq_err_r = 0; n_c = n_r = 0; plies = 0;
                if (save(out)) { fprintf(stderr, "cannot write %s\n", out); return 1; }
                if (g % 200000 == 0) {
                    char snap[1024];
                    snprintf(snap, sizeof snap, "%s.%ldk", out, g / 1000);
                    save(snap);
                }
            }
        }
        return 0;
    }
    if (argc >= 6 && !strcmp(argv[1], "gen")) {
        /* gen WEIGHTS OUT GAMES SEED [PLY] : GEN_EXPLORE (0.1), GEN_TOP (4), GEN_RACE=1 races only */
        if (load(argv[2])) { fprintf(stderr, "cannot read %s\n", argv[2]); return 1; }
        FILE *f = fopen(argv[3], "wb");
        if (!f) { fprintf(stderr, "cannot write %s\n", argv[3]); return 1; }
        rng_s = strtoull(argv[5], 0, 10);
        int ply = argc >= 7 ? atoi(argv[6]) : 1;
        double eps = getenv("GEN_EXPLORE") ? atof(getenv("GEN_EXPLORE")) : 0.1;
        int top = getenv("GEN_TOP") ? atoi(getenv("GEN_TOP")) : 4;
        read_rollout_env();
        long n = gen_games(f, atol(argv[4]), ply, eps, top, getenv("GEN_RACE") != NULL);
        fclose(f);
        fprintf(stderr, "wrote %ld positions\n", n);
        return 0;
    }
    if (argc >= 4 && !strcmp(argv[1], "value")) {
        /* value RAW SEED [PLY] < positions: the target gen would write for each position */
        if (load(argv[2])) { fprintf(stderr, "cannot read %s\n", argv[2]); return 1; }
        rng_s = strtoull(argv[3], 0, 10);
        int ply = argc >= 5 ? atoi(argv[4]) : 1;
        read_rollout_env();
        int mine[25], theirs[25];
        while (read_pos(mine, theirs)) {
            float t[NOUT];
            if (gen_trials > 0) rollout_value(mine, theirs, gen_trials, gen_depth, gen_luck, t);
            else value_ply(mine, theirs, ply, t);
            printf("%.6f %.6f %.6f %.6f %.6f\n", t[0], t[1], t[2], t[3], t[4]);
        }
        return 0;
    }
    if (argc >= 3 && !strcmp(argv[1], "eval")) {
        if (load(argv[2])) { fprintf(stderr, "cannot read %s\n", argv[2]); return 1; }
        int mine[25], theirs[25];
        while (read_pos(mine, theirs)) {
            float p[NOUT];
            evaluate(mine, theirs, p);
            printf("%.6f %.6f %.6f %.6f %.6f\n", p[0], p[1], p[2], p[3], p[4]);
        }
        return 0;
    }
    if (argc >= 2 && !strcmp(argv[1], "features")) {
        int mine[25], theirs[25];
        while (read_pos(mine, theirs)) {
            float f[NF3];
            features(mine, theirs, f);
            for (int k = 0; k < NF3; k++) printf(k ? " %.7f" : "%.7f", f[k]);
            printf("\n");
        }
        return 0;
    }
    if (argc >= 2 && !strcmp(argv[1], "moves")) {
        int mine[25], theirs[25], d1, d2;
        while (read_pos(mine, theirs) && scanf("%d %d", &d1, &d2) == 2) {
            int n = generate(mine, theirs, d1, d2);
            printf("%d", n);
            for (int r = 0; r < n; r++) {
                int m2[25], t2[25];
                after(r, m2, t2);
                printf(" ");
                for (int i = 0; i < 25; i++) printf("%d,", m2[i]);
                printf("/");
                for (int i = 0; i < 25; i++) printf("%d,", t2[i]);
            }
            printf("\n");
        }
        return 0;
    }
    fprintf(stderr, "usage: td_train train OUT GAMES SEED [INIT|-] [A0 A1] | gen RAW OUT GAMES SEED [PLY] | value RAW SEED [PLY] | eval W | moves | features\n");
    return 1;
}
