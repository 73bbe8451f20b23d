/* What the C files of kformat's native engine share: the plan format's constants, the plan
 * accessors and the bounds-checked readers.
 *
 * The extension kformat.engine._native is built from several C files (setup.py lists them):
 * _native.c holds the plan interpreter (parse and build) and the module; other files add
 * their functions to the module through it. Everything here is either `static inline` or
 * declared here and defined once (in _native.c, or the file its section names); the
 * extension is compiled with hidden
 * visibility, so none of these names leaves the shared object.
 *
 * Safety rules every reader follows (docs/architecture.md, "The native engine"): every read
 * is checked against the end of its region, every length and count against the bytes left
 * before any allocation or loop, varints are bounded (5 bytes for 32 bits, 10 for 64), and
 * any failure raises _native.Fallback (the Python layer then raises the precise error).
 */
#ifndef KFORMAT_NATIVE_H
#define KFORMAT_NATIVE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "record.h"

/* --------------------------------------------------------------------------- plan format */

/* kformat/engine/plan.py: Op, Prefix, Field (the values are the plan's plain ints) */
enum {
    OP_INT8 = 0, OP_INT16 = 1, OP_INT32 = 2, OP_INT64 = 3, OP_UINT8 = 4, OP_UINT16 = 5,
    OP_UINT32 = 6, OP_FLOAT64 = 7, OP_BOOL = 8, OP_UUID = 9, OP_UVARINT = 10,
    OP_VARINT = 11, OP_VARLONG = 12,
    OP_STRING = 20, OP_BYTES = 21, OP_RECORDS = 22,
    OP_STRUCT = 30, OP_ARRAY = 31, OP_PRESENCE = 32, OP_TAGGED = 33, OP_ABSENT = 34,
    OP_PREFIXED = 35, OP_GREEDY = 36, OP_COUNTED = 37, OP_EXPECTED = 38,
    OP_CRC = 39, OP_COMPRESSED = 40, OP_FACTORY = 41, OP_RECORD = 42,
    OP_CHECKED = 43, OP_IF = 44, OP_WRAPPED = 45, OP_RECORD_SET = 46,
};
enum { PFX_INT16 = 0, PFX_INT32 = 1, PFX_COMPACT = 2, PFX_VARINT = 3 };
enum { FIELD_NAMED = 0, FIELD_FLATTEN = 1, FIELD_HIDDEN = 2 };

#define PLAN_VERSION 5 /* kformat/engine/plan.py PLAN_VERSION: bump both with any change */
#define MAX_DEPTH 64
#define MAX_ZERO_SIZE_ELEMENTS (1 << 20)
#define MAX_TAGGED 64
#define U32_MAX 0xFFFFFFFFull

/* ------------------------------------------------------------------- shared module state */

extern PyObject *Fallback; /* _native.Fallback: the native engine declined */

static inline int
fail(const char *why)
{
    PyErr_SetString(Fallback, why);
    return -1;
}

static inline PyObject *
fail_null(const char *why)
{
    PyErr_SetString(Fallback, why);
    return NULL;
}

/* Plans hold small non-negative ints (opcodes, prefixes, kinds, tags, sizes); CPython keeps
 * one object per value 0..256 in a static array, so the value of such an int is its offset
 * in that array. The layout is checked when the module loads (small_ints stays NULL if it
 * does not hold); any other int is read with PyLong_AsLong. */
#define SMALL_INTS 256
extern const char *small_ints;
extern Py_ssize_t small_stride;
extern int small_shift; /* log2(small_stride) when it is a power of two (no division), or -1 */

static inline long
int_value(PyObject *o)
{
    const char *p = (const char *)o;
    if (small_ints && p >= small_ints && p < small_ints + SMALL_INTS * small_stride)
        return small_shift >= 0 ? (long)((p - small_ints) >> small_shift)
                                : (long)((p - small_ints) / small_stride);
    return PyLong_AsLong(o);
}

static inline long
op_of(PyObject *plan)
{
    return int_value(PyTuple_GET_ITEM(plan, 0));
}

static inline long
int_at(PyObject *plan, Py_ssize_t i)
{
    return int_value(PyTuple_GET_ITEM(plan, i));
}

/* ------------------------------------------------------------------------------ reading */

/* The dicts of the structs around the one being read or built, innermost first: a plan's
 * reference (levels, name) reads field name of the struct levels out (levels 0: ctx). A
 * scope lives on the C stack of the node that entered the struct. */
typedef struct Scope {
    PyObject *dict; /* borrowed; NULL for a struct without a dict (a factory's) */
    const struct Scope *up;
} Scope;

static inline PyObject *
scope_dict(PyObject *ctx, const Scope *up, long levels)
{
    if (levels <= 0)
        return ctx;
    while (up && --levels > 0)
        up = up->up;
    return up ? up->dict : NULL;
}

typedef struct {
    const uint8_t *buf;
    Py_ssize_t pos;
    Py_ssize_t end;
    int depth;
    int tracked; /* a value stored in the struct being read is tracked by the cyclic GC */
    PyObject *ctx; /* the dict of the struct being read (fields read so far), borrowed */
    int verify;        /* check CRCs (the verify_crc parameter) */
    PyObject *limit;   /* decompression limit (the decompression_limit parameter) or NULL */
    const Scope *up;   /* the structs around ctx (references) */
    PyObject *owner;   /* the object whose buffer buf is the start of (a view of a region
                          keeps it alive), or NULL: unknown */
} Reader;

static inline int
need(Reader *r, Py_ssize_t n)
{
    if (n < 0 || r->end - r->pos < n)
        return fail("truncated");
    return 0;
}

static inline int
read_uvarint(Reader *r, int max_bytes, uint64_t max_value, uint64_t *out)
{
    if (r->pos < r->end && r->buf[r->pos] < 0x80 && max_value >= 0x7F) { /* one byte */
        *out = r->buf[r->pos++];
        return 0;
    }
    uint64_t result = 0;
    int shift = 0;
    for (int i = 0; i < max_bytes; i++) {
        if (r->pos >= r->end)
            return fail("varint cut short");
        uint8_t b = r->buf[r->pos++];
        uint64_t part = b & 0x7F;
        if (shift == 63 && part > 1)
            return fail("varint overflows");
        result |= part << shift;
        if (!(b & 0x80)) {
            if (result > max_value)
                return fail("varint overflows");
            *out = result;
            return 0;
        }
        shift += 7;
    }
    return fail("varint too long");
}

static inline int64_t
unzigzag(uint64_t n)
{
    return (int64_t)(n >> 1) ^ -(int64_t)(n & 1);
}

static inline uint16_t
be16(const uint8_t *p)
{
    return (uint16_t)((p[0] << 8) | p[1]);
}

static inline uint32_t
be32(const uint8_t *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

static inline uint64_t
be64(const uint8_t *p)
{
    return ((uint64_t)be32(p) << 32) | be32(p + 4);
}

/* A fixed-width integer node (OP_INT8 .. OP_UINT32, OP_INT64; the caller checks op): its
 * big-endian bytes read into *out, sign-extended for the signed ops. */
static inline int
read_fixed_int(Reader *r, long op, int64_t *out)
{
    const int size = op == OP_INT8 || op == OP_UINT8 ? 1
                     : op == OP_INT16 || op == OP_UINT16 ? 2
                     : op == OP_INT64 ? 8 : 4;
    if (need(r, size) < 0)
        return -1;
    const uint8_t *p = r->buf + r->pos;
    switch (op) {
    case OP_INT8: *out = (int8_t)*p; break;
    case OP_UINT8: *out = *p; break;
    case OP_INT16: *out = (int16_t)be16(p); break;
    case OP_UINT16: *out = be16(p); break;
    case OP_INT32: *out = (int32_t)be32(p); break;
    case OP_UINT32: *out = be32(p); break;
    default: *out = (int64_t)be64(p); break;
    }
    r->pos += size;
    return 0;
}

/* A length or count prefix: -1 is null in every encoding; below -1 is refused. */
static inline int
read_length(Reader *r, long prefix, int64_t *out)
{
    uint64_t u;
    int64_t n;
    switch (prefix) {
    case PFX_INT16:
    case PFX_INT32:
        if (read_fixed_int(r, prefix == PFX_INT16 ? OP_INT16 : OP_INT32, &n) < 0)
            return -1;
        break;
    case PFX_COMPACT:
    case PFX_VARINT:
        if (read_uvarint(r, 5, U32_MAX, &u) < 0)
            return -1;
        n = prefix == PFX_COMPACT ? (int64_t)u - 1 : unzigzag(u);
        break;
    default:
        return fail("bad prefix in plan");
    }
    if (n < -1)
        return fail("negative length");
    *out = n;
    return 0;
}

/* Read a region's length prefix; *stop is where the region ends (checked present). */
static inline int
enter_region(Reader *r, long prefix, Py_ssize_t *stop)
{
    int64_t n;
    if (read_length(r, prefix, &n) < 0)
        return -1;
    if (n < 0)
        return fail("negative region length");
    if (need(r, (Py_ssize_t)n) < 0)
        return -1;
    *stop = r->pos + (Py_ssize_t)n;
    return 0;
}

/* ------------------------------------------------------------------------------ writing */

/* The capacity a growable buffer of cap bytes (0 at first), len of them used, grows to so
 * that n more bytes fit: doubled from first; or -1 with MemoryError. */
static inline int64_t
grown_capacity(int64_t cap, int64_t len, int64_t n, int64_t first)
{
    int64_t c = cap ? cap : first;
    while (c - len < n) {
        if (c > PY_SSIZE_T_MAX / 4) {
            PyErr_NoMemory();
            return -1;
        }
        c *= 2;
    }
    return c;
}

/* A growable buffer buf (cap bytes, len of them used; NULL and 0 at first) reallocated by
 * resize so that n more bytes fit (grown_capacity): the new buffer, *cap updated; or NULL
 * with MemoryError, buf unchanged. */
static inline void *
grow_buffer(void *buf, int64_t *cap, int64_t len, int64_t n, int64_t first,
            void *(*resize)(void *, size_t))
{
    int64_t c = grown_capacity(*cap, len, n, first);
    if (c < 0)
        return NULL;
    void *grown = resize(buf, (size_t)c);
    if (!grown) {
        PyErr_NoMemory();
        return NULL;
    }
    *cap = c;
    return grown;
}

/* ---------------------------------------------------------- checksums (crc.c) */

enum { KF_CRC32 = 0, KF_CRC32C = 1 }; /* IEEE 802.3 (magic 0/1), Castagnoli (magic 2) */

/* The CRC of data[0:n] by algorithm (KF_CRC32 or KF_CRC32C), the fastest way the CPU has. */
uint32_t kf_crc(int algorithm, const void *data, Py_ssize_t n);

/* The algorithm of a plan's checksum function when it is the extension's own (_native.crc32
 * or _native.crc32c), else -1. */
int kf_crc_algorithm(PyObject *function);

/* Add crc32, crc32c and _crc32_at to the module (after its tables are made). */
int kf_crc_ready(PyObject *module);

/* ------------------------------------------------- defined once, in _native.c */

/* The CRC a plan's checksum function computes over data[0:n] (an unsigned 32-bit int). */
int checksum(PyObject *function, const void *data, Py_ssize_t n, uint32_t *out);

/* The count an earlier field of the current struct holds (KArray(..., count=this.name)). */
int count_field(PyObject *ctx, PyObject *name, int64_t *out);

/* (OP_COMPRESSED, ...): the region r->buf[r->pos:r->end] decompressed with codec by the
 * plan's (capped) decompress function; a new bytes object, and r->pos moves to r->end. */
PyObject *decompress_region(Reader *r, PyObject *plan, int64_t codec);

/* A decompressed region (decompress_open): its bytes, and what holds them. */
typedef struct {
    const uint8_t *buf;
    Py_ssize_t len;
    PyObject *holder; /* bytes, or a kept bytearray (pinned while open) */
    int pinned;
    Py_buffer pin;
} Plain;

/* Decompress the rest of r's region (consumed) with codec, as OP_COMPRESSED plan says, into
 * p: 0, or -1 with an exception. The bytes may be in a buffer kept across calls: read them
 * before decompress_close(p), which must follow every successful open. A Reader over them
 * takes p->holder as its owner. */
int decompress_open(Reader *r, PyObject *plan, int64_t codec, Plain *p);
void decompress_close(Plain *p);

/* decompress_open with the function, its default limit and the magic given (WRAPPED reads
 * the magic from a field). */
int decompress_with(Reader *r, PyObject *function, PyObject *default_limit, PyObject *magic,
                    int64_t codec, Plain *p);

/* ------------------------------------------------- a struct read without dicts (Flat) */

/* A struct plan (the element of a RECORD_SET, a magic 0/1 entry) compiled into steps over a
 * table of slots, one per named field, read without making a Python object (_native.c). The
 * steps take named fields only: integers, BYTES, CHECKED, IF of an integer or nothing, a
 * STRUCT or a CRC, in a PREFIXED region or not, and one flattened WRAPPED blob (its inner
 * plan is the caller's to read); any other plan is not for the steps. Each step applies the
 * checks its node applies in parse_node; a reference resolves to a slot of the struct or to
 * an outer value (a field of the structs around it: outer_up levels out of the struct
 * holding the element, set by the caller). */
#define FLAT_STEPS 32
#define FLAT_SLOTS 16
enum { ST_INT, ST_BYTES, ST_CHECK, ST_IF, ST_REGION, ST_END, ST_CRC, ST_WRAPPED };
#define FLAT_UNRESOLVED (-1000)

typedef struct {
    int kind, slot;
    long op, prefix;   /* the int node's opcode; a blob's or a region's prefix */
    int nullable;      /* BYTES */
    PyObject *node;    /* CHECKED: its plan (allowed, mask); IF: the int it is compared with;
                          WRAPPED: its plan */
    int ref;           /* CHECKED equals / IF: a slot (>= 0), an outer value (-2 - i), none -1 */
    int clear;         /* CHECKED on build: its clear reference (as ref; -1 none), or
                          FLAT_UNRESOLVED (the steps do not build it) */
    PyObject *function; /* CRC */
    int verify;
} FlatStep;

typedef struct {
    int ok, steps, slots, outers, depth;
    int defer_crc; /* flat_read leaves a CRC to check to the caller: the slot's at and len
                      are the bytes it covers (0 unless the caller sets it) */
    FlatStep step[FLAT_STEPS];
    PyObject *name[FLAT_SLOTS]; /* borrowed */
    int level[FLAT_SLOTS];      /* the struct (in order of entry) holding the slot */
    int64_t outer[FLAT_SLOTS];
    int outer_ok[FLAT_SLOTS];
    long outer_up[FLAT_SLOTS];        /* an outer value: the field outer_name of the struct */
    PyObject *outer_name[FLAT_SLOTS]; /* outer_up levels out of the element's (borrowed) */
    int offset_slot, stamp_slot, key_slot, value_slot, attributes_slot; /* RECORD_SET */
    int message_level;                /* RECORD_SET: the struct of the element's message */
    int wrapped;                      /* the ST_WRAPPED step, or -1 */
    int scope[FLAT_SLOTS];            /* the structs around the WRAPPED field (their level), */
    int nscope;                       /* innermost first: a reference (k, name) in its inner
                                         plan names a field of struct scope[k] */
} Flat;

typedef struct {
    int64_t v;
    Py_ssize_t at, len; /* a blob: r->buf[at:at + len]; len -1: null */
    int kind;           /* 0 unset, 1 int, 2 none (IF: nothing), 3 blob */
} FlatValue;

/* Compile a struct plan into f: 0, or -1 when it is not for the steps. */
int flat_compile_struct(Flat *f, PyObject *element);

/* Compile the element of RECORD_SET plan, read at nesting depth; f->ok says whether the
 * steps apply (and found the element's offset and message fields). */
void flat_compile(Flat *f, PyObject *plan, int depth);

/* The plain bytes of a magic 0/1 wrapper's inner record set (the RECORD_SET rules), opened
 * as *sub over the entry read into vals: the outer values set's steps refer to taken from
 * the entry slots outer[], the wrapper's value (a blob, not null: the caller checked)
 * decompressed by the WRAPPED node's codec call. 0, or -1 with an exception; after 0,
 * decompress_close(plain) must follow. Shared by the object engine and the columns. */
int legacy_inner_open(Flat *set, const int *outer, PyObject *wrapped, const Reader *r,
                      const FlatValue *vals, const FlatValue *value, int64_t magic,
                      int64_t codec, Plain *plain, Reader *sub);

/* One struct by the steps into vals (FLAT_SLOTS of them); 0 or -1 (Fallback). A CRC mismatch
 * fails, or with crc_flag sets *crc_flag and reads on. */
int flat_read(const Flat *f, Reader *r, FlatValue *vals, int *crc_flag);

/* The slot named name (the same object) of struct level, or -1. */
int flat_slot(const Flat *f, int level, PyObject *name);

/* The rules of a RECORD_SET node (kformat/records/legacy_blocks.py, LegacyRecordShape) for
 * a wrapper of magic and attributes: its inner offsets are relative (to a base set once the
 * last is read), its records' timestamps LogAppendTime (the wrapper's). */
static inline void
record_set_rules(PyObject *plan, int64_t magic, int64_t attributes, int *relative,
                 int *log_append)
{
    *relative = magic == int_at(plan, 6);
    *log_append = *relative && (attributes & int_at(plan, 7)) != 0;
}

/* The base added to a wrapper's relative inner offsets, once the last is read (the same
 * RECORD_SET rules): the wrapper's offset minus the last inner offset, or 0 when that is
 * negative (a client-side wrapper, offset 0: the inner offsets stand as they are). */
static inline kf_wide
record_set_base(kf_wide wrapper_offset, kf_wide last)
{
    kf_wide base = wrapper_offset - last;
    return base > 0 ? base : 0;
}

/* ------------------------------------------------- the module's other parts */

/* columnar.c: the columnar sink (arrow_columns), added to the module by _native.c. */
extern PyMethodDef columnar_methods[];

/* ------------------------------------------------------------------- framing */

/* How entries follow each other in a log (kformat/records/framing.py, which passes these
 * numbers to arrow_export and v2_batches, and whose plausible_frame and plausible_run
 * frame_size and columnar.c's read_batches follow): an entry starts with a head of `head` bytes whose int32 at
 * length_at counts the bytes after the head; its magic byte is at magic_at, and min_length
 * holds the smallest length of magic 0, 1 and 2; a magic 2 batch announces its record count
 * (read as unsigned) at count_at, in the first `header` bytes; its int16 attributes at
 * attributes_at hold the codec in the bits of codec_mask, and a compressed one may announce
 * at most max_records records (frame_records_ok). */
typedef struct {
    int64_t head, length_at, magic_at, min_length[3], header, count_at, attributes_at,
        codec_mask, max_records;
} Frame;

/* The size of the entry at buf[pos:len] (head included) when it frames plausibly
 * (framing.plausible_frame: its magic byte present, a magic with a minimum length, a length
 * at least that, the size within max_size and within the data), else -1; *magic its magic. */
static inline int64_t
frame_size(const Frame *f, const uint8_t *buf, Py_ssize_t pos, Py_ssize_t len,
           int64_t max_size, int *magic)
{
    if (len - pos <= f->magic_at)
        return -1;
    int64_t length = (int32_t)be32(buf + pos + f->length_at);
    *magic = buf[pos + f->magic_at];
    if (*magic > 2 || length < f->min_length[*magic])
        return -1;
    int64_t size = f->head + length;
    return size > max_size || size > len - pos ? -1 : size;
}

/* Whether the magic 2 batch of size bytes at buf[pos:] (framed by frame_size) keeps to the
 * record cap (framing.py, check_record_count): it does unless it is compressed and
 * announces more than max_records records (the Python path then refuses it). */
static inline int
frame_records_ok(const Frame *f, const uint8_t *buf, Py_ssize_t pos, int64_t size)
{
    if (size < f->header || !(buf[pos + f->attributes_at + 1] & f->codec_mask))
        return 1;
    return (int32_t)be32(buf + pos + f->count_at) <= f->max_records;
}

/* The frame argument of arrow_export, v2_batches and legacy_batches: (head, length_at,
 * magic_at, (min length of magic 0, 1, 2), header, count_at, attributes_at, codec_mask,
 * max_records), checked to keep every read frame_size, frame_records_ok and columnar.c's
 * scan_done make inside an entry that frames. */
static inline int
frame_parse(PyObject *t, Frame *f)
{
    long long v[11];
    if (!PyArg_ParseTuple(t, "LLL(LLL)LLLLL;frame: (head, length_at, magic_at, min_lengths, "
                          "header, count_at, attributes_at, codec_mask, max_records)",
                          &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7], &v[8],
                          &v[9], &v[10]))
        return -1;
    f->head = v[0];
    f->length_at = v[1];
    f->magic_at = v[2];
    f->header = v[6];
    f->count_at = v[7];
    f->attributes_at = v[8];
    f->codec_mask = v[9];
    f->max_records = v[10];
    int ok = f->head > 0 && f->head < 4096 && f->length_at >= 0 &&
             f->length_at + 4 <= f->head && f->length_at + 4 <= f->magic_at + 1 &&
             f->magic_at < 4096 &&
             f->count_at >= 0 && f->count_at + 4 <= f->header && f->header < 4096 &&
             f->attributes_at >= 0 && f->attributes_at + 2 <= f->header &&
             f->codec_mask >= 0 && f->codec_mask <= 0xFF && f->max_records >= 0;
    for (int m = 0; m < 3; m++) {
        f->min_length[m] = v[3 + m];
        /* an entry that frames holds its magic byte, and a length prefix at least 0 */
        ok = ok && f->min_length[m] >= 0 && f->min_length[m] < 4096 &&
             f->head + f->min_length[m] > f->magic_at;
    }
    return ok ? 0 : fail("bad frame");
}

#endif /* KFORMAT_NATIVE_H */
