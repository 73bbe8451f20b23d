/* The columnar sink of the native engine: back-to-back record batches into Arrow arrays.
 *
 * _native.arrow_sink(plan, spec, rows_field, skip) compiles, once, the same plan the
 * interpreter parses (kformat/engine/plan.py lowers RecordBatchV2 to it: the length prefix,
 * CRC, COMPRESSED, the records region, the record struct, headers) against the columns the
 * caller asks for; _native.arrow_export(sink, data, ...) then walks it once per batch and,
 * instead of making Python objects, writes the fields into Arrow-layout buffers (offsets,
 * validity bitmaps, data) in memory of its own, handed over through the Arrow C data
 * interface ("The Arrow C data interface", arrow.apache.org/docs/format/CDataInterface.html):
 * a struct ArrowArray whose release callback frees the buffers (it takes no lock and no
 * Python object, so Arrow may release from any thread), imported by pyarrow without a copy
 * (kformat/outputs/arrow_native.py). Nothing here knows the record layout: which grammar
 * field feeds which column, and how (a field's value, a sum, a bit of a field...), comes from
 * the Python side (kformat.outputs.fields), by field name.
 *
 * Safety is the interpreter's (native.h): every read checked against its region, every
 * count checked against the bytes left before the loop, decompression through the records
 * layer's capped function. Magic 0/1 entries between the batches are read with the legacy
 * plan (see "magic 0/1 entries" below). Anything unusual (bad bytes, a CRC mismatch when it
 * must raise, a value out of range) raises _native.Fallback: the caller then runs the
 * pure-Python kernel, which returns the same columns or raises the precise KFormatError.
 */
#include "native.h"

#include <stdatomic.h>
#include <stddef.h>

#if defined(__GNUC__) || defined(__clang__)
#define HOT static inline __attribute__((always_inline))
#else
#define HOT static inline
#endif

#define MAX_NODES 128
#define MAX_KIDS 256
#define MAX_REGS 48
#define MAX_COLUMNS 32
#define MAX_BLOBS 16
#define MAX_LISTS 4
#define MAX_LIST_CHILDREN 4
#define BLOB_DATA_MAX 0x7FFFFFFF /* int32 Arrow offsets */
#define BLOB_HINT_MAX (1 << 24)  /* the most reserved up front for a column's bytes */

/* ------------------------------------------------------------------- the C data interface */

#ifndef ARROW_C_DATA_INTERFACE
#define ARROW_C_DATA_INTERFACE
struct ArrowSchema {
    const char *format;
    const char *name;
    const char *metadata;
    int64_t flags;
    int64_t n_children;
    struct ArrowSchema **children;
    struct ArrowSchema *dictionary;
    void (*release)(struct ArrowSchema *);
    void *private_data;
};

struct ArrowArray {
    int64_t length;
    int64_t null_count;
    int64_t offset;
    int64_t n_buffers;
    int64_t n_children;
    const void **buffers;
    struct ArrowArray **children;
    struct ArrowArray *dictionary;
    void (*release)(struct ArrowArray *);
    void *private_data;
};
#endif

/* ------------------------------------------------------------------- recycled memory */

/* Blocks of 1 KiB to 4 MiB whose capacity is a power of two (every Buf grows by doubling
 * from 1 KiB) are kept when an exported array is released and handed out again to the next
 * call's buffers, instead of going back to malloc: a call makes and frees some fifty such
 * blocks, and glibc answers each request of 1 KiB or more by first merging every small
 * block freed since (pyarrow frees a few hundred per imported batch), which cost more than
 * the import itself. At most POOL_DEPTH blocks per size and POOL_BYTES in all are kept;
 * others are freed. Arrow may release from any thread: a spin lock guards the pool (held
 * for a few loads and stores). */
#define POOL_MIN_SHIFT 10
#define POOL_CLASSES 13 /* 1 KiB .. 4 MiB */
#define POOL_DEPTH 32
#define POOL_BYTES (32 << 20)

static struct {
    void *blocks[POOL_CLASSES][POOL_DEPTH];
    int count[POOL_CLASSES];
    int64_t bytes;
} pool;
static atomic_flag pool_busy = ATOMIC_FLAG_INIT;

static inline void
pool_lock(void)
{
    while (atomic_flag_test_and_set_explicit(&pool_busy, memory_order_acquire))
        ;
}

static inline void
pool_unlock(void)
{
    atomic_flag_clear_explicit(&pool_busy, memory_order_release);
}

/* The pool class of a capacity, or -1 when blocks of that capacity are not kept. */
static inline int
pool_class(int64_t cap)
{
    if (cap < (1 << POOL_MIN_SHIFT) || (cap & (cap - 1)))
        return -1;
    int k = 0;
    while (k < POOL_CLASSES && ((int64_t)1 << (POOL_MIN_SHIFT + k)) != cap)
        k++;
    return k < POOL_CLASSES ? k : -1;
}

/* A kept block of capacity cap (a power of two), or NULL: the caller mallocs. */
static void *
pool_take(int64_t cap)
{
    int k = pool_class(cap);
    void *p = NULL;
    if (k < 0)
        return NULL;
    pool_lock();
    if (pool.count[k] > 0) {
        p = pool.blocks[k][--pool.count[k]];
        pool.bytes -= cap;
    }
    pool_unlock();
    return p;
}

/* Give back a block of capacity cap (malloc'ed): kept for reuse, or freed. */
static void
pool_give(void *p, int64_t cap)
{
    int k = p ? pool_class(cap) : -1;
    if (k >= 0) {
        pool_lock();
        if (pool.count[k] < POOL_DEPTH && pool.bytes <= POOL_BYTES - cap) {
            pool.blocks[k][pool.count[k]++] = p;
            pool.bytes += cap;
            p = NULL;
        }
        pool_unlock();
    }
    free(p);
}

/* n bytes (at least), from the pool when n is 512 or more (then rounded up to a power of
 * two: *cap says how many), else from malloc (*cap 0: not for the pool); the n bytes zeroed
 * when zero. */
static void *
pool_alloc(int64_t n, int64_t *cap, int zero)
{
    int64_t c = 0;
    void *p = NULL;
    if (n >= 512 && n <= ((int64_t)1 << (POOL_MIN_SHIFT + POOL_CLASSES - 1))) {
        c = (int64_t)1 << POOL_MIN_SHIFT;
        while (c < n)
            c *= 2;
        p = pool_take(c);
    }
    if (!p)
        p = malloc((size_t)(c ? c : (n > 0 ? n : 1)));
    if (!p) {
        PyErr_NoMemory();
        return NULL;
    }
    if (zero)
        memset(p, 0, (size_t)n);
    *cap = c;
    return p;
}

/* A buffer handed to an exported array: its memory and capacity (for the pool). */
typedef struct {
    void *p;
    int64_t cap;
} Taken;

static const Taken NO_BUFFER = {NULL, 0};

/* What an exported array owns: its buffers (malloc'ed here), its children's structs and
 * itself, one block. A consumer may move a child out (then its release is NULL here) and
 * release it on its own: each child frees only what it owns. */
typedef struct {
    const void *buffers[3];
    int64_t caps[3];
    int64_t cap;                /* of this block (for the pool) */
    struct ArrowArray *kids;    /* in this block */
    struct ArrowArray **kid_ptrs;
} Owned;

/* Arrays exported and not yet released (arrow_live: the tests' check that every release
 * callback runs and frees). Atomic: Arrow may release from any thread. */
static atomic_long live_arrays;

static void
release_array(struct ArrowArray *a)
{
    Owned *o = a->private_data;
    if (o) {
        atomic_fetch_sub(&live_arrays, 1);
        for (int64_t i = 0; i < a->n_children; i++) {
            if (o->kids[i].release)
                o->kids[i].release(&o->kids[i]);
        }
        for (int i = 0; i < 3; i++)
            pool_give((void *)o->buffers[i], o->caps[i]);
        pool_give(o, o->cap);
    }
    a->private_data = NULL;
    a->release = NULL;
}

/* Make out an array of length rows with nulls nulls, nbuffers buffers (taken: given back
 * with the array, even on failure) and nkids children, zeroed for the caller to fill (each
 * child struct stays releasable, as a released struct, until it is filled). */
static int
array_init(struct ArrowArray *out, int64_t rows, int64_t nulls, int nbuffers, Taken b0,
           Taken b1, Taken b2, int nkids)
{
    memset(out, 0, sizeof *out);
    int64_t cap;
    size_t size = sizeof(Owned) + (size_t)nkids * (sizeof(struct ArrowArray) +
                                                    sizeof(struct ArrowArray *));
    Owned *o = pool_alloc((int64_t)size, &cap, 1);
    if (!o) {
        pool_give(b0.p, b0.cap);
        pool_give(b1.p, b1.cap);
        pool_give(b2.p, b2.cap);
        return -1;
    }
    atomic_fetch_add(&live_arrays, 1);
    o->cap = cap;
    o->buffers[0] = b0.p;
    o->buffers[1] = b1.p;
    o->buffers[2] = b2.p;
    o->caps[0] = b0.cap;
    o->caps[1] = b1.cap;
    o->caps[2] = b2.cap;
    if (nkids) {
        o->kids = (struct ArrowArray *)(o + 1);
        o->kid_ptrs = (struct ArrowArray **)(o->kids + nkids);
    }
    for (int i = 0; i < nkids; i++)
        o->kid_ptrs[i] = &o->kids[i];
    out->length = rows;
    out->null_count = nulls;
    out->n_buffers = nbuffers;
    out->n_children = nkids;
    out->buffers = o->buffers;
    out->children = nkids ? o->kid_ptrs : NULL;
    out->release = release_array;
    out->private_data = o;
    return 0;
}

/* The capsule holding an exported struct ArrowArray until pyarrow moves it out (it then
 * marks it released); released here otherwise. */
#define ARRAY_CAPSULE "kformat.columnar.ArrowArray"

static void
array_capsule_free(PyObject *capsule)
{
    struct ArrowArray *a = PyCapsule_GetPointer(capsule, ARRAY_CAPSULE);
    if (!a)
        return;
    if (a->release)
        a->release(a);
    free(a);
}

/* ------------------------------------------------------------------- growable buffers */

/* A buffer in malloc'ed memory (its first block from the pool), grown by doubling
 * (realloc) and handed over to the exported array as it is: no copy. */
typedef struct {
    char *p;
    int64_t len;
    int64_t cap;
} Buf;

static int
buf_reserve(Buf *b, int64_t n)
{
    if (b->cap - b->len >= n)
        return 0;
    if (!b->p) { /* a first block: the pool's, when it keeps one of the size */
        int64_t c = (int64_t)1 << POOL_MIN_SHIFT;
        while (c < n && c <= PY_SSIZE_T_MAX / 4)
            c *= 2;
        if (c >= n && (b->p = pool_take(c)) != NULL) {
            b->cap = c;
            return 0;
        }
    }
    char *p = grow_buffer(b->p, &b->cap, b->len, n, 1 << POOL_MIN_SHIFT, realloc);
    if (!p)
        return -1;
    b->p = p;
    return 0;
}

HOT int
buf_put(Buf *b, const void *data, int64_t n)
{
    if (b->cap - b->len < n && buf_reserve(b, n) < 0)
        return -1;
    if (n)
        memcpy(b->p + b->len, data, (size_t)n);
    b->len += n;
    return 0;
}

/* count copies of a value of width bytes, at most 64 (a batch's value for each of its
 * rows) */
static int
buf_fill(Buf *b, const void *value, int width, int64_t count)
{
    if (count == 0 || width == 0) /* the buffer may not exist yet: no pointer into it */
        return 0;
    if (count > PY_SSIZE_T_MAX / 64) {
        PyErr_NoMemory();
        return -1;
    }
    if (buf_reserve(b, width * count) < 0)
        return -1;
    char *p = b->p + b->len;
    int64_t done = width, total = width * count;
    memcpy(p, value, (size_t)width);
    while (done < total) { /* double what is written */
        int64_t n = done < total - done ? done : total - done;
        memcpy(p + done, p, (size_t)n);
        done += n;
    }
    b->len += total;
    return 0;
}

/* The memory, for an exported array to own (never NULL: Arrow wants a pointer even for an
 * empty buffer; p NULL only on failure, with the error set); a reservation well beyond what
 * was written is given back first. */
static Taken
buf_take(Buf *b)
{
    Taken t = {b->p, b->cap};
    if (!t.p)
        t.p = pool_alloc(8, &t.cap, 0);
    else if (b->cap - b->len > (1 << 16)) {
        void *smaller = realloc(t.p, (size_t)(b->len ? b->len : 8));
        if (smaller) {
            t.p = smaller;
            t.cap = 0; /* not a pool size */
        }
    }
    b->p = NULL;
    b->len = b->cap = 0;
    return t;
}

static void
buf_free(Buf *b)
{
    pool_give(b->p, b->cap);
    b->p = NULL;
    b->len = b->cap = 0;
}

/* A bitmap (Arrow validity or boolean values), least significant bit first. */
typedef struct {
    Buf buf;
    int64_t count;
    int64_t zeros;
} Bits;

static inline int
bits_push(Bits *b, int set)
{
    if ((b->count & 7) == 0) {
        char zero = 0;
        if (buf_put(&b->buf, &zero, 1) < 0)
            return -1;
    }
    if (set)
        b->buf.p[b->count >> 3] |= (char)(1 << (b->count & 7));
    else
        b->zeros++;
    b->count++;
    return 0;
}

static int
bits_fill(Bits *b, int set, int64_t count)
{
    for (; count > 0 && (b->count & 7); count--) { /* to a byte boundary */
        if (bits_push(b, set) < 0)
            return -1;
    }
    int64_t bytes = count / 8; /* then whole bytes: b->buf.len is b->count / 8 */
    if (bytes > 0) {
        if (buf_reserve(&b->buf, bytes) < 0)
            return -1;
        memset(b->buf.p + b->buf.len, set ? 0xFF : 0, (size_t)bytes);
        b->buf.len += bytes;
        b->count += 8 * bytes;
        b->zeros += set ? 0 : 8 * bytes;
        count -= 8 * bytes;
    }
    for (; count > 0; count--) {
        if (bits_push(b, set) < 0)
            return -1;
    }
    return 0;
}

/* A validity bitmap is written only once a null shows up: until then only the count moves
 * (most columns have no null, and Arrow omits their bitmap). */
static int
valid_slow(Bits *b, int set)
{
    if (!b->zeros && !set) { /* the first null: every value before it is valid */
        int64_t n = b->count;
        b->buf.len = 0;
        if (buf_reserve(&b->buf, n / 8 + 1) < 0)
            return -1;
        memset(b->buf.p, 0xFF, (size_t)(n / 8));
        b->buf.len = n / 8;
        if (n & 7)
            b->buf.p[b->buf.len++] = (char)((1 << (n & 7)) - 1);
    }
    return bits_push(b, set);
}

HOT int
valid_push(Bits *b, int set)
{
    if (set && !b->zeros) {
        b->count++;
        return 0;
    }
    return valid_slow(b, set);
}

static int
valid_fill(Bits *b, int set, int64_t count)
{
    if (set && !b->zeros) {
        b->count += count;
        return 0;
    }
    for (int64_t i = 0; i < count; i++) {
        if (valid_slow(b, set) < 0)
            return -1;
    }
    return 0;
}

/* A validity bitmap for export: none (p NULL) when there is no null (Arrow's "may be
 * omitted"); *failed on failure. */
static Taken
bits_take_validity(Bits *b, int *failed)
{
    *failed = 0;
    if (!b->zeros) {
        buf_free(&b->buf);
        return NO_BUFFER;
    }
    Taken t = buf_take(&b->buf);
    *failed = t.p == NULL;
    return t;
}

/* A variable-size column (binary, string): int32 offsets, data, validity. Its count of
 * values is its count of offsets less the first (blob_count); its validity bitmap is kept
 * only from its first null on (blob_valid: until then valid.count is not kept either). */
typedef struct {
    Buf offsets;
    Buf data;
    Bits valid;
    int text; /* a string column: its values are checked as UTF-8 by the walk */
} Blob;

static int
blob_start(Blob *b)
{
    int32_t zero = 0;
    return buf_put(&b->offsets, &zero, 4);
}

/* the values in b (after blob_start) */
HOT int64_t
blob_count(const Blob *b)
{
    return (int64_t)((uint64_t)b->offsets.len >> 2) - 1;
}

/* The validity of the value about to be added to b (before its offset): nothing to do for a
 * value while b has no null. */
HOT int
blob_valid(Blob *b, int set)
{
    if (set && !b->valid.zeros)
        return 0;
    if (!b->valid.zeros) /* the first null: the values before it, all valid */
        b->valid.count = blob_count(b);
    return valid_slow(&b->valid, set);
}

static inline int
blob_push(Blob *b, const uint8_t *p, int64_t n)
{
    if (n >= 0) {
        if (n > BLOB_DATA_MAX - b->data.len)
            return fail("column larger than Arrow's int32 offsets");
        if (buf_put(&b->data, p, n) < 0)
            return -1;
    }
    int32_t end = (int32_t)b->data.len;
    if (blob_valid(b, n >= 0) < 0 || buf_put(&b->offsets, &end, 4) < 0)
        return -1;
    return 0;
}

/* A value p[0:n] (n >= 0) added to b by the row program: p[0:n] lies before limit, the end
 * of readable memory, and the column's room under Arrow's int32 offsets was checked for the
 * whole run (run_rows). A short value is copied as a fixed 32 bytes (inline moves, no call)
 * when both sides have them (the bytes beyond n are written over by the next value, or never
 * exported). */
#define SHORT_COPY 32

HOT int
blob_add(Blob *b, const uint8_t *p, int64_t n, const uint8_t *limit)
{
    Buf *d = &b->data, *o = &b->offsets;
    if (d->cap - d->len < n + SHORT_COPY && buf_reserve(d, n + SHORT_COPY) < 0)
        return -1;
    if (n <= SHORT_COPY && limit - p >= SHORT_COPY)
        memcpy(d->p + d->len, p, SHORT_COPY);
    else
        memcpy(d->p + d->len, p, (size_t)n);
    d->len += n;
    if (b->valid.zeros && valid_slow(&b->valid, 1) < 0)
        return -1;
    if (o->cap - o->len < 4 && buf_reserve(o, 4) < 0)
        return -1;
    int32_t end = (int32_t)d->len;
    memcpy(o->p + o->len, &end, 4);
    o->len += 4;
    return 0;
}

/* count copies of the value p[0:n] (n > 0, at most 64 bytes) */
static int
blob_fill(Blob *b, const uint8_t *p, int64_t n, int64_t count)
{
    if (count <= 0)
        return 0;
    if (count > (BLOB_DATA_MAX - b->data.len) / n)
        return fail("column larger than Arrow's int32 offsets");
    if (buf_reserve(&b->offsets, 4 * count) < 0 || buf_fill(&b->data, p, (int)n, count) < 0 ||
        (b->valid.zeros && valid_fill(&b->valid, 1, count) < 0))
        return -1;
    int32_t end = (int32_t)(b->data.len - n * count);
    for (int64_t i = 0; i < count; i++) {
        end += (int32_t)n;
        memcpy(b->offsets.p + b->offsets.len + 4 * i, &end, 4);
    }
    b->offsets.len += 4 * count;
    return 0;
}

/* Export b as a binary or string array (its buffers move to out). */
static int
blob_export(Blob *b, struct ArrowArray *out)
{
    int failed;
    int64_t count = blob_count(b);
    Taken valid = bits_take_validity(&b->valid, &failed);
    Taken offsets = failed ? NO_BUFFER : buf_take(&b->offsets);
    Taken data = offsets.p ? buf_take(&b->data) : NO_BUFFER;
    if (!data.p) {
        pool_give(valid.p, valid.cap);
        pool_give(offsets.p, offsets.cap);
        return -1;
    }
    return array_init(out, count, b->valid.zeros, 3, valid, offsets, data, 0);
}

static void
blob_free(Blob *b)
{
    buf_free(&b->offsets);
    buf_free(&b->data);
    buf_free(&b->valid.buf);
}

/* A list of structs of variable-size fields (record headers): int32 offsets, the children
 * (indices in Walker.blobs). */
typedef struct {
    Buf offsets;
    int64_t count;
    int nchildren;
    int children[MAX_LIST_CHILDREN];
    PyObject *names[MAX_LIST_CHILDREN]; /* the element struct's fields, borrowed */
} List;

/* ------------------------------------------------------------------- the compiled plan */

/* A plan node with its sink resolved: the tuple plan walked once, when the sink is made, to
 * find which register, blob or list each named field feeds. */
typedef struct {
    int op;
    int prefix;
    int nullable;
    int reg;       /* numbers: the register the value goes to, or -1 */
    int count_reg; /* COUNTED: the count's register; COMPRESSED: the codec's */
    int rows;      /* COUNTED: each element is a row of the output */
    long mask;     /* COMPRESSED: codec mask */
    long min_size; /* COUNTED, ARRAY: element minimum size */
    int64_t expected; /* EXPECTED */
    int blob;      /* BYTES, STRING: the blob the value goes to (Walker.blobs), or -1 */
    int list;      /* ARRAY: the list the elements go to (Walker.lists), or -1 */
    int flat;      /* ARRAY: each element is a struct of numbers and blobs only */
    PyObject *plan; /* the tuple (borrowed): CRC and COMPRESSED read their functions */
    int nkids;
    int kids;      /* index of the first child in Walker.kids */
} Node;

enum { /* output column kinds (kformat/outputs/arrow_native.py: KINDS) */
    COL_BLOB = 0,      /* (kind, field, text): a BYTES/STRING field of the row */
    COL_LIST = 1,      /* (kind, field, element names): an ARRAY of structs of blobs */
    COL_INT64 = 2,     /* (kind, field): a number field, as int64 */
    COL_INT32 = 3,     /* (kind, field): a number field, as int32 */
    COL_SUM64 = 4,     /* (kind, a, b): a + b, int64 */
    COL_STAMP = 5,     /* (kind, base, delta, max, flags, flag): ms -> us timestamps */
    COL_BIT_BOOL = 6,  /* (kind, field, mask): field & mask != 0, boolean */
    COL_BIT_INT32 = 7, /* (kind, field, mask): field & mask != 0, int32 0 or 1 */
    COL_NAME = 8,      /* (kind, field, mask, names): names[field & mask], string */
    COL_CRC = 9,       /* (kind,): the batch CRC: true, false (flagged) or null (unchecked) */
    COL_POSITION = 10, /* (kind,): the batch's byte position, int64 */
    COL_OPTION = 11,   /* (kind, index, text): the call's options[index] in every row (a str
                          for a string column, an int for an int32 one; None: null) */
};

typedef struct {
    int kind;
    int a, b, c, d; /* registers; COL_OPTION: a is the option's index, b is text */
    int64_t mask;
    int blob;       /* COL_BLOB, COL_NAME: index in Walker.blobs */
    int list;       /* COL_LIST: index in Walker.lists */
    Buf data;       /* fixed-width columns */
    Bits bits;      /* boolean values */
    Bits valid;     /* COL_STAMP, COL_CRC */
    PyObject *names; /* COL_NAME: tuple of str (borrowed) */
    int per_row;     /* computed per row (from a record's fields), else once per batch */
} Column;

/* The row program: the plan of a row (the element of the rows' COUNTED node: the
 * length-prefixed record struct, its fields, its headers array) flattened, when the sink is
 * compiled, into a straight list of steps run in one loop per batch (no call per node, the
 * read position in a register). It is derived from the compiled nodes alone (program_add),
 * step for step what walk would do; a row whose plan holds a node it does not take is
 * walked node by node. arrow_program(sink) lists it, for the tests. */
enum {
    S_INT8, S_INT16, S_INT32, S_INT64, S_UINT8, S_UINT16, S_UINT32, S_BOOL, S_UVARINT,
    S_VARINT, S_VARLONG,
    S_BLOB,       /* a BYTES or STRING field (text: checked as UTF-8) */
    S_REGION,     /* a length prefix: the steps up to the matching S_REGION_END fill it */
    S_REGION_END,
    S_ARRAY,      /* a count prefix: the element's steps follow, up to the matching S_NEXT */
    S_NEXT,
    S_ROW,        /* the end of a row: the columns computed per row */
    S_KINDS,
    /* what a step runs as (Step.code) when its op and prefix allow a narrower form:
     * the same reads, checks and writes, with its prefix, sink or text known */
    S_VBYTES = S_KINDS, /* S_BLOB, PFX_VARINT, to a sink, not text */
    S_VSTRING,          /* S_BLOB, PFX_VARINT, to a sink, text */
    S_VREGION,          /* S_REGION, PFX_VARINT */
    S_VARRAY,           /* S_ARRAY, PFX_VARINT */
    S_CODES
};
#define MAX_STEPS 64
#define MAX_NEST 8 /* regions and arrays one inside the other */

typedef struct {
    uint8_t op;
    uint8_t code;     /* what it runs as: op, or a narrower form of it (program_codes) */
    uint8_t prefix;   /* S_BLOB, S_REGION, S_ARRAY */
    uint8_t nullable; /* S_BLOB */
    uint8_t text;     /* S_BLOB */
    uint8_t slot;     /* S_REGION and its S_REGION_END, S_ARRAY and its S_NEXT: its nesting
                         depth, where the run keeps the region's end or the elements left */
    int16_t reg;      /* numbers: the register (MAX_REGS, read by nothing, when none) */
    int16_t sink;     /* S_BLOB: the blob, S_ARRAY and S_NEXT: the list; or -1 */
    int32_t jump;     /* S_ARRAY: the step after its S_NEXT; S_NEXT: its element's first */
    int16_t first;    /* S_ARRAY and S_NEXT with a list: the blob of its first child */
    int64_t min_size; /* S_ARRAY: an element's minimum size */
    const void *label; /* where run_rows runs its code (set by program_labels) */
} Step;

/* How the columns read magic 0/1 entries (compiled by legacy_compile, read by
 * legacy_entry, below). */
typedef struct {
    int ok;                 /* the legacy plan compiled: magic 0/1 entries are read here */
    Flat entry, set;        /* the top-level entry; the element of a wrapper's record set */
    PyObject *set_plan;     /* the RECORD_SET node (borrowed) */
    PyObject *wrapped;      /* the WRAPPED node (borrowed) */
    int offset, magic, attributes, timestamp; /* entry slots: RECORD_SET's wrapper fields */
    int codec;              /* entry slot of the WRAPPED codec field */
    int64_t codec_mask;
    int outer[FLAT_SLOTS];  /* the entry slot of each outer value of set */
    int kind[MAX_COLUMNS];  /* LEG_* of each column */
    int64_t value[MAX_COLUMNS];                         /* LEG_CONST */
    int entry_slot[MAX_COLUMNS], set_slot[MAX_COLUMNS]; /* LEG_FIELD, LEG_BATCH */
} Legacy;

/* The compiled plan and, while a call runs, its state. A sink (arrow_sink) holds one,
 * compiled and with no buffer; each call works on a copy of it (which shares the nodes,
 * kids and steps, read only once compiled: they live in the sink). */
typedef struct {
    /* the compiled plan */
    Node *nodes;   /* [MAX_NODES] */
    int nnodes;
    int *kids;     /* [MAX_KIDS] */
    int nkids;
    PyObject *reg_names[MAX_REGS]; /* borrowed */
    int reg_levels[MAX_REGS];      /* 0: a field of the batch, 1: of a row (a record) */
    int nregs;
    PyObject *row_name;            /* the field whose elements are rows (borrowed) */
    /* sinks */
    Blob blobs[MAX_BLOBS];
    PyObject *blob_names[MAX_BLOBS];
    int nblobs;
    List lists[MAX_LISTS];
    PyObject *list_names[MAX_LISTS];
    int nlists;
    Column columns[MAX_COLUMNS];
    int ncolumns;
    int skip_reg;       /* skip rows when regs[skip_reg] & skip_mask (-1: never) */
    int64_t skip_mask;
    int per_row;        /* how many columns are computed per row (listed in row_columns) */
    int row_columns[MAX_COLUMNS];
    Step *steps;        /* [MAX_STEPS]: the row program (nsteps 0: none, rows are walked) */
    int nsteps;
    int program_node;   /* the COUNTED node whose elements it reads */
    /* state while reading */
    int64_t regs[MAX_REGS + 1]; /* the last: numbers no column reads */
    int64_t last;       /* the last number read (EXPECTED) */
    int64_t rows;
    int crc_valid;      /* 1, 0 (mismatch, flagged) or -1 (not checked) */
    int64_t position;
    int discard;        /* rows of this batch are left out (skip_control) */
    int flag_crc;       /* a CRC mismatch is flagged, not refused */
    Frame frame;        /* how the call's entries are framed */
    Legacy legacy;      /* magic 0/1 entries */
} Walker;

static int
same_name(PyObject *a, PyObject *b)
{
    return a == b || (a && b && PyUnicode_Compare(a, b) == 0);
}

/* The register of field name at level (allocated on first use); -1 with Fallback when full.
 * Levels keep a record's fields apart from the batch's of the same name (attributes). */
static int
reg_of(Walker *w, PyObject *name, int level)
{
    for (int i = 0; i < w->nregs; i++) {
        if (w->reg_levels[i] == level && same_name(w->reg_names[i], name))
            return i;
    }
    if (w->nregs == MAX_REGS)
        return fail("too many number fields");
    w->reg_names[w->nregs] = name;
    w->reg_levels[w->nregs] = level;
    return w->nregs++;
}

/* The blob named name (made when create; -1 when there is none). */
static int
blob_named(Walker *w, PyObject *name, int text, int create)
{
    for (int i = 0; i < w->nblobs; i++) {
        if (same_name(w->blob_names[i], name))
            return i;
    }
    if (!create || w->nblobs == MAX_BLOBS)
        return -1;
    w->blob_names[w->nblobs] = name;
    w->blobs[w->nblobs].text = text;
    return w->nblobs++;
}

static int
list_named(Walker *w, PyObject *name)
{
    for (int i = 0; i < w->nlists; i++) {
        if (same_name(w->list_names[i], name))
            return i;
    }
    return -1;
}

/* A number or a blob: read by walk_seq itself. */
static int
is_leaf(int op)
{
    switch (op) {
    case OP_INT8: case OP_INT16: case OP_INT32: case OP_INT64: case OP_UINT8:
    case OP_UINT16: case OP_UINT32: case OP_BOOL: case OP_UVARINT: case OP_VARINT:
    case OP_VARLONG: case OP_STRING: case OP_BYTES:
        return 1;
    default:
        return 0;
    }
}

static int compile_node(Walker *w, PyObject *plan, PyObject *name, const List *in_list,
                        int level, int depth);

static int
new_node(Walker *w, PyObject *plan)
{
    if (w->nnodes == MAX_NODES)
        return fail("plan too large for the columnar sink");
    Node *n = &w->nodes[w->nnodes];
    memset(n, 0, sizeof *n);
    n->op = (int)op_of(plan);
    n->reg = n->count_reg = n->blob = n->list = -1;
    n->plan = plan;
    return w->nnodes++;
}

static int
add_kids(Walker *w, int node, int count)
{
    if (w->nkids + count > MAX_KIDS)
        return fail("plan too large for the columnar sink");
    w->nodes[node].kids = w->nkids;
    w->nodes[node].nkids = count;
    w->nkids += count;
    return 0;
}

/* One child, the plan at index at of node i's tuple. */
static int
compile_kid(Walker *w, int i, int at, PyObject *name, const List *in_list, int level,
            int depth)
{
    if (add_kids(w, i, 1) < 0)
        return -1;
    int kid = compile_node(w, PyTuple_GET_ITEM(w->nodes[i].plan, at), name, in_list, level,
                           depth + 1);
    if (kid < 0)
        return -1;
    w->kids[w->nodes[i].kids] = kid;
    return i;
}

/* Compile plan: the value of field name, inside the elements of in_list or not, at level
 * (0 in the batch, 1 in a row). */
static int
compile_node(Walker *w, PyObject *plan, PyObject *name, const List *in_list, int level,
             int depth)
{
    if (!PyTuple_Check(plan) || PyTuple_GET_SIZE(plan) < 1 || depth > MAX_DEPTH)
        return fail("bad plan");
    int i = new_node(w, plan);
    if (i < 0)
        return -1;
    Node *n = &w->nodes[i];
    switch (n->op) {
    case OP_INT8: case OP_INT16: case OP_INT32: case OP_INT64: case OP_UINT8:
    case OP_UINT16: case OP_UINT32: case OP_BOOL: case OP_UVARINT: case OP_VARINT:
    case OP_VARLONG:
        if (name && !in_list && (n->reg = reg_of(w, name, level)) < 0)
            return -1;
        return i;
    case OP_STRING:
    case OP_BYTES:
        n->prefix = (int)int_at(plan, 1);
        n->nullable = PyTuple_GET_ITEM(plan, 2) == Py_True;
        if (in_list) {
            for (int c = 0; c < in_list->nchildren; c++) {
                if (same_name(in_list->names[c], name))
                    n->blob = in_list->children[c];
            }
        }
        else if (name)
            n->blob = blob_named(w, name, n->op == OP_STRING, 0);
        if (n->blob >= 0 && w->blobs[n->blob].text != (n->op == OP_STRING))
            return fail("a column of the wrong kind for its field");
        return i;
    case OP_STRUCT: {
        PyObject *fields = PyTuple_GET_ITEM(plan, 1);
        Py_ssize_t count = PyTuple_GET_SIZE(fields);
        if (add_kids(w, i, (int)count) < 0)
            return -1;
        int first = w->nodes[i].kids;
        for (Py_ssize_t f = 0; f < count; f++) {
            PyObject *field = PyTuple_GET_ITEM(fields, f);
            long fkind = int_at(field, 0);
            PyObject *fname = fkind == FIELD_FLATTEN ? NULL : PyTuple_GET_ITEM(field, 1);
            int kid = compile_node(w, PyTuple_GET_ITEM(field, 2), fname, in_list, level,
                                   depth + 1);
            if (kid < 0)
                return -1;
            w->kids[first + f] = kid;
        }
        return i;
    }
    case OP_PREFIXED:
        n->prefix = (int)int_at(plan, 1);
        return compile_kid(w, i, 2, name, in_list, level, depth);
    case OP_EXPECTED: {
        int overflow;
        PyObject *value = PyTuple_GET_ITEM(plan, 2);
        long long v = PyLong_Check(value) ? PyLong_AsLongLongAndOverflow(value, &overflow) : 0;
        if (!PyLong_Check(value) || overflow || (v == -1 && PyErr_Occurred())) {
            PyErr_Clear();
            return fail("an expected value that is not a number");
        }
        n->expected = v;
        return compile_kid(w, i, 1, name, in_list, level, depth);
    }
    case OP_CRC:
        return compile_kid(w, i, 4, NULL, in_list, level, depth);
    case OP_COMPRESSED:
        if (in_list)
            return fail("compressed inside a list");
        if ((n->count_reg = reg_of(w, PyTuple_GET_ITEM(plan, 1), level)) < 0)
            return -1;
        n->mask = int_at(plan, 2);
        return compile_kid(w, i, 6, name, in_list, level, depth);
    case OP_COUNTED: {
        if (in_list)
            return fail("counted inside a list");
        if ((n->count_reg = reg_of(w, PyTuple_GET_ITEM(plan, 1), level)) < 0)
            return -1;
        n->min_size = int_at(plan, 3);
        n->rows = same_name(name, w->row_name);
        return compile_kid(w, i, 2, NULL, NULL, level + (n->rows ? 1 : 0), depth);
    }
    case OP_ARRAY: {
        n->prefix = (int)int_at(plan, 1);
        n->nullable = PyTuple_GET_ITEM(plan, 2) == Py_True;
        n->min_size = int_at(plan, 4);
        n->list = (name && !in_list) ? list_named(w, name) : -1;
        /* an element is a struct whose blob fields feed the list's children; without a
         * list, it is read and checked only (in_list stays set: no register inside) */
        static const List unused = {0};
        const List *elements = n->list >= 0 ? &w->lists[n->list]
                                            : (in_list ? in_list : &unused);
        if (compile_kid(w, i, 3, NULL, elements, level, depth) < 0)
            return -1;
        const Node *element = &w->nodes[w->kids[w->nodes[i].kids]];
        int flat = element->op == OP_STRUCT;
        for (int k = 0; flat && k < element->nkids; k++)
            flat = is_leaf(w->nodes[w->kids[element->kids + k]].op);
        w->nodes[i].flat = flat;
        return i;
    }
    default:
        return fail("a node the columnar sink does not take");
    }
}

/* A new step of kind op at the end of the row program; NULL when it is full. */
static Step *
step_new(Walker *w, int op)
{
    if (w->nsteps == MAX_STEPS)
        return NULL;
    Step *s = &w->steps[w->nsteps++];
    memset(s, 0, sizeof *s);
    s->op = (uint8_t)op;
    s->reg = MAX_REGS;
    s->sink = -1;
    return s;
}

/* The steps of compiled node n (and its children) appended to the row program: 0, or 1 when
 * n holds a node the program does not take (the rows are then walked node by node). */
static int
program_add(Walker *w, const Node *n, int nest)
{
    static const uint8_t numbers[] = {
        [OP_INT8] = S_INT8, [OP_INT16] = S_INT16, [OP_INT32] = S_INT32,
        [OP_INT64] = S_INT64, [OP_UINT8] = S_UINT8, [OP_UINT16] = S_UINT16,
        [OP_UINT32] = S_UINT32, [OP_BOOL] = S_BOOL, [OP_UVARINT] = S_UVARINT,
        [OP_VARINT] = S_VARINT, [OP_VARLONG] = S_VARLONG,
    };
    Step *s;
    int at;
    if (nest >= MAX_NEST)
        return 1;
    switch (n->op) {
    case OP_INT8: case OP_INT16: case OP_INT32: case OP_INT64: case OP_UINT8:
    case OP_UINT16: case OP_UINT32: case OP_BOOL: case OP_UVARINT: case OP_VARINT:
    case OP_VARLONG:
        if (!(s = step_new(w, numbers[n->op])))
            return 1;
        if (n->reg >= 0)
            s->reg = (int16_t)n->reg;
        return 0;
    case OP_STRING:
    case OP_BYTES:
        if (!(s = step_new(w, S_BLOB)))
            return 1;
        s->prefix = (uint8_t)n->prefix;
        s->nullable = (uint8_t)n->nullable;
        s->text = n->op == OP_STRING;
        s->sink = (int16_t)n->blob;
        return 0;
    case OP_STRUCT:
        for (int k = 0; k < n->nkids; k++) {
            if (program_add(w, &w->nodes[w->kids[n->kids + k]], nest))
                return 1;
        }
        return 0;
    case OP_PREFIXED:
        if (!(s = step_new(w, S_REGION)))
            return 1;
        s->prefix = (uint8_t)n->prefix;
        s->slot = (uint8_t)nest;
        if (program_add(w, &w->nodes[w->kids[n->kids]], nest + 1) ||
            !(s = step_new(w, S_REGION_END)))
            return 1;
        s->slot = (uint8_t)nest;
        return 0;
    case OP_ARRAY:
        at = w->nsteps;
        if (n->min_size > INT32_MAX || !(s = step_new(w, S_ARRAY)))
            return 1;
        s->prefix = (uint8_t)n->prefix;
        s->slot = (uint8_t)nest;
        s->min_size = n->min_size;
        s->sink = (int16_t)n->list;
        s->first = n->list >= 0 ? (int16_t)w->lists[n->list].children[0] : -1;
        if (program_add(w, &w->nodes[w->kids[n->kids]], nest + 1) ||
            !(s = step_new(w, S_NEXT)))
            return 1;
        s->sink = (int16_t)n->list;
        s->slot = (uint8_t)nest;
        s->first = w->steps[at].first;
        s->jump = at + 1;
        w->steps[at].jump = w->nsteps;
        return 0;
    default:
        return 1;
    }
}

/* Each step's code: the narrower form its op, prefix, sink and text allow, else its op. */
static void
program_codes(Walker *w)
{
    for (int i = 0; i < w->nsteps; i++) {
        Step *s = &w->steps[i];
        int varint = s->prefix == PFX_VARINT;
        s->code = s->op;
        if (s->op == S_BLOB && varint && s->sink >= 0)
            s->code = s->text ? S_VSTRING : S_VBYTES;
        else if (s->op == S_REGION && varint)
            s->code = S_VREGION;
        else if (s->op == S_ARRAY && varint)
            s->code = S_VARRAY;
    }
}

static int run_rows(Walker *w, Reader *r, int64_t count);

/* Each step's label: where run_rows runs its code (direct threading: a step's dispatch is
 * one indirect jump through the step). */
static void
program_labels(Walker *w)
{
    run_rows(w, NULL, 0);
}

/* The row program of the plan compiled in w: the element of the (first) COUNTED node whose
 * elements are rows, then S_ROW; none when it holds a node the program does not take. */
static void
program_compile(Walker *w)
{
    w->nsteps = 0;
    for (int i = 0; i < w->nnodes; i++) {
        const Node *n = &w->nodes[i];
        if (n->op != OP_COUNTED || !n->rows)
            continue;
        if (program_add(w, &w->nodes[w->kids[n->kids]], 0) || !step_new(w, S_ROW))
            w->nsteps = 0;
        program_codes(w);
        program_labels(w);
        w->program_node = i;
        return;
    }
}

/* ------------------------------------------------------------------- the walk */

/* Strict UTF-8 (as Python's decoder: no overlong forms, no surrogates, <= U+10FFFF). */
static int
valid_utf8(const uint8_t *s, Py_ssize_t n)
{
    Py_ssize_t i = 0;
    while (n - i >= 8) { /* ASCII, eight bytes at a time */
        uint64_t word;
        memcpy(&word, s + i, 8);
        if (word & 0x8080808080808080ull)
            break;
        i += 8;
    }
    while (i < n) {
        uint8_t c = s[i];
        if (c < 0x80) {
            i++;
            continue;
        }
        int len;
        uint32_t cp;
        if (c >= 0xC2 && c <= 0xDF) {
            len = 2;
            cp = c & 0x1F;
        }
        else if (c >= 0xE0 && c <= 0xEF) {
            len = 3;
            cp = c & 0x0F;
        }
        else if (c >= 0xF0 && c <= 0xF4) {
            len = 4;
            cp = c & 0x07;
        }
        else
            return 0;
        if (n - i < len)
            return 0;
        for (int k = 1; k < len; k++) {
            if ((s[i + k] & 0xC0) != 0x80)
                return 0;
            cp = (cp << 6) | (s[i + k] & 0x3F);
        }
        if ((len == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) ||
            (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)))
            return 0;
        i += len;
    }
    return 1;
}

/* valid_utf8(p, n) for the row program, p[0:n] before limit, the end of readable memory:
 * up to 16 ASCII bytes seen in two words, without a call. */
HOT int
utf8_ok(const uint8_t *p, int64_t n, const uint8_t *limit)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ /* p[i]: bits 8i.. */
    if (n <= 16 && limit - p >= 16) {
        uint64_t a, b;
        memcpy(&a, p, 8);
        memcpy(&b, p + 8, 8);
        if (n < 8) /* the bytes of the value only */
            a &= ((uint64_t)1 << (8 * n)) - 1;
        b = n <= 8 ? 0 : n < 16 ? b & (((uint64_t)1 << (8 * (n - 8))) - 1) : b;
        if (!((a | b) & 0x8080808080808080ull))
            return 1;
    }
#else
    (void)limit;
#endif
    return valid_utf8(p, (Py_ssize_t)n);
}

static int walk(Walker *w, Reader *r, const Node *n);

static inline int
walk_kid(Walker *w, Reader *r, const Node *n, int k)
{
    return walk(w, r, &w->nodes[w->kids[n->kids + k]]);
}

/* The largest timestamp in ms (either sign) whose count of microseconds an int64 holds:
 * arrow_python's _STAMP_MS_MAX; beyond it the Python kernel raises. */
#define STAMP_MS_MAX (INT64_MAX / 1000)

/* The columns computed from a record's fields, for the row just read (reserved: each has
 * room for its value, as run_rows makes sure). */
HOT int
emit_row_in(Walker *w, int reserved)
{
    const int64_t *g = w->regs;
    for (int c = 0; c < w->per_row; c++) {
        Column *col = &w->columns[w->row_columns[c]];
        int64_t v;
        if (col->kind == COL_SUM64) {
            if (__builtin_add_overflow(g[col->a], g[col->b], &v))
                return fail("sum out of int64 range");
        }
        else { /* COL_STAMP: ms since the epoch as us; one no us count holds: the Python
                * kernel raises (InvalidValueError) */
            if (g[col->d] & col->mask)
                v = g[col->c];
            else if (__builtin_add_overflow(g[col->a], g[col->b], &v))
                return fail("timestamp out of int64 range");
            if (v < -STAMP_MS_MAX || v > STAMP_MS_MAX)
                return fail("timestamp beyond what microseconds hold");
            v *= 1000;
            if (valid_push(&col->valid, 1) < 0)
                return -1;
        }
        if (!reserved && buf_reserve(&col->data, 8) < 0)
            return -1;
        memcpy(col->data.p + col->data.len, &v, 8);
        col->data.len += 8;
    }
    return 0;
}

static int
emit_row(Walker *w)
{
    return emit_row_in(w, 0);
}

/* count copies of the name of value v (masked: a codec id's name) in col's string column. */
static int
name_fill(Walker *w, const Column *col, int64_t v, int64_t count)
{
    int64_t k = v & col->mask;
    if (k < 0 || k >= PyTuple_GET_SIZE(col->names))
        return fail("no name for this value");
    Py_ssize_t size;
    const char *s = PyUnicode_AsUTF8AndSize(PyTuple_GET_ITEM(col->names, k), &size);
    if (!s)
        return -1;
    if (size > 0 && size <= 64)
        return blob_fill(&w->blobs[col->blob], (const uint8_t *)s, size, count);
    for (int64_t i = 0; i < count; i++) {
        if (blob_push(&w->blobs[col->blob], (const uint8_t *)s, size) < 0)
            return -1;
    }
    return 0;
}

/* The columns that hold a batch's value, for its count rows. */
static int
emit_batch(Walker *w, Py_ssize_t count)
{
    const int64_t *g = w->regs;
    for (int c = 0; c < w->ncolumns; c++) {
        Column *col = &w->columns[c];
        int32_t x;
        switch (col->kind) {
        case COL_INT64:
            if (buf_fill(&col->data, &g[col->a], 8, count) < 0)
                return -1;
            break;
        case COL_INT32:
            if (g[col->a] < INT32_MIN || g[col->a] > INT32_MAX)
                return fail("value out of int32 range");
            x = (int32_t)g[col->a];
            if (buf_fill(&col->data, &x, 4, count) < 0)
                return -1;
            break;
        case COL_BIT_BOOL:
            if (bits_fill(&col->bits, (g[col->a] & col->mask) != 0, count) < 0)
                return -1;
            break;
        case COL_BIT_INT32:
            x = (g[col->a] & col->mask) != 0;
            if (buf_fill(&col->data, &x, 4, count) < 0)
                return -1;
            break;
        case COL_NAME:
            if (name_fill(w, col, g[col->a], count) < 0)
                return -1;
            break;
        case COL_CRC:
            if (bits_fill(&col->bits, w->crc_valid == 1, count) < 0 ||
                valid_fill(&col->valid, w->crc_valid >= 0, count) < 0)
                return -1;
            break;
        case COL_POSITION:
            if (buf_fill(&col->data, &w->position, 8, count) < 0)
                return -1;
            break;
        default: /* per row, or filled by the walk (COL_BLOB, COL_LIST) */
            break;
        }
    }
    w->rows += count;
    return 0;
}

/* A length prefix, the one-byte varint forms (nearly every length in a record) inline. */
/* An unsigned varint of one or two bytes (1 when it is longer or cut short: the caller
 * reads it the general way). */
HOT int
short_uvarint(Reader *r, uint64_t *out)
{
    const uint8_t *p = r->buf + r->pos;
    Py_ssize_t left = r->end - r->pos;
    if (left >= 1 && p[0] < 0x80) {
        *out = p[0];
        r->pos += 1;
        return 0;
    }
    if (left >= 2 && p[1] < 0x80) {
        *out = (uint64_t)(p[0] & 0x7F) | ((uint64_t)p[1] << 7);
        r->pos += 2;
        return 0;
    }
    return 1;
}

/* A length prefix, the short varint forms (nearly every length in a record) inline. */
HOT int
read_len(Reader *r, int prefix, int64_t *out)
{
    uint64_t u;
    if ((prefix == PFX_VARINT || prefix == PFX_COMPACT) && short_uvarint(r, &u) == 0) {
        *out = prefix == PFX_VARINT ? unzigzag(u) : (int64_t)u - 1;
        return *out < -1 ? fail("negative length") : 0;
    }
    return read_length(r, prefix, out);
}

/* A VARINT or VARLONG node (its one- and two-byte forms inline) into *v. */
HOT int
read_zigzag_inline(Reader *r, long op, int64_t *v)
{
    uint64_t u;
    int wide = op == OP_VARLONG;
    if (short_uvarint(r, &u) && read_uvarint(r, wide ? 10 : 5, wide ? UINT64_MAX : U32_MAX, &u) < 0)
        return -1;
    *v = unzigzag(u);
    return 0;
}

HOT int
walk_number(Walker *w, Reader *r, const Node *n)
{
    uint64_t u;
    int64_t v;
    switch (n->op) {
    case OP_VARINT:
    case OP_VARLONG:
        if (read_zigzag_inline(r, n->op, &v) < 0)
            return -1;
        break;
    case OP_UVARINT:
        if (read_uvarint(r, 5, U32_MAX, &u) < 0)
            return -1;
        v = (int64_t)u;
        break;
    case OP_BOOL:
        if (need(r, 1) < 0)
            return -1;
        v = r->buf[r->pos++] != 0;
        break;
    default:
        if (read_fixed_int(r, n->op, &v) < 0)
            return -1;
    }
    w->last = v;
    if (n->reg >= 0)
        w->regs[n->reg] = v;
    return 0;
}

HOT int
walk_blob(Walker *w, Reader *r, const Node *n)
{
    int64_t len;
    if (read_len(r, n->prefix, &len) < 0)
        return -1;
    if (len < 0 && !n->nullable)
        return fail("null in a non-nullable field");
    const uint8_t *p = r->buf + r->pos;
    if (len > 0) {
        if (need(r, (Py_ssize_t)len) < 0)
            return -1;
        r->pos += (Py_ssize_t)len;
    }
    if (n->op == OP_STRING && len > 0 && !valid_utf8(p, (Py_ssize_t)len))
        return fail("invalid UTF-8");
    if (n->blob >= 0 && !w->discard)
        return blob_push(&w->blobs[n->blob], p, len);
    return 0;
}

/* A number or blob field (read inline); 1 for any other node. */
HOT int
walk_leaf(Walker *w, Reader *r, const Node *kid)
{
    switch (kid->op) {
    case OP_BYTES:
    case OP_STRING:
        return walk_blob(w, r, kid);
    case OP_INT8: case OP_INT16: case OP_INT32: case OP_INT64: case OP_UINT8:
    case OP_UINT16: case OP_UINT32: case OP_BOOL: case OP_UVARINT: case OP_VARINT:
    case OP_VARLONG:
        return walk_number(w, r, kid);
    default:
        return 1;
    }
}

/* The element count of an ARRAY node, checked against the bytes left. */
HOT int
array_count(Reader *r, const Node *n, int64_t *count)
{
    if (read_len(r, n->prefix, count) < 0)
        return -1;
    if (*count < 0)
        return fail("null array"); /* the Python kernel decides */
    if (n->min_size > 0) {
        if (*count > (r->end - r->pos) / n->min_size)
            return fail("count larger than the bytes left");
    }
    else if (*count > MAX_ZERO_SIZE_ELEMENTS)
        return fail("count of zero-size elements too large");
    return 0;
}

/* After an array's elements: the end offset of list's entry, where the list's first child
 * blob (first) now ends (list -1: none). */
HOT int
list_end(Walker *w, int list, int first)
{
    if (list < 0)
        return 0;
    List *l = &w->lists[list];
    int32_t end = (int32_t)blob_count(&w->blobs[first]);
    if (buf_put(&l->offsets, &end, 4) < 0)
        return -1;
    l->count++;
    return 0;
}

/* After an array's elements (of a row not left out): the end offset of its list entry. */
HOT int
array_done(Walker *w, const Node *n)
{
    if (w->discard || n->list < 0)
        return 0;
    return list_end(w, n->list, w->lists[n->list].children[0]);
}

/* The fields of a struct in order: numbers and blobs read here, and the elements of an
 * array of such structs (record headers) too, without a call per field or element. */
static int
walk_seq(Walker *w, Reader *r, const Node *n)
{
    for (int k = 0; k < n->nkids; k++) {
        const Node *kid = &w->nodes[w->kids[n->kids + k]];
        int rc = walk_leaf(w, r, kid);
        if (rc == 1 && kid->op == OP_ARRAY && kid->flat) {
            int64_t count;
            if (array_count(r, kid, &count) < 0)
                return -1;
            const Node *element = &w->nodes[w->kids[kid->kids]];
            const int *fields = &w->kids[element->kids];
            for (int64_t i = 0; i < count; i++) {
                for (int f = 0; f < element->nkids; f++) {
                    if (walk_leaf(w, r, &w->nodes[fields[f]]) < 0)
                        return -1;
                }
            }
            rc = array_done(w, kid);
        }
        else if (rc == 1)
            rc = walk(w, r, kid);
        if (rc < 0)
            return -1;
    }
    return 0;
}

/* Node n's only child: a struct's fields in place, anything else through walk. */
HOT int
walk_body(Walker *w, Reader *r, const Node *n)
{
    const Node *kid = &w->nodes[w->kids[n->kids]];
    return kid->op == OP_STRUCT ? walk_seq(w, r, kid) : walk(w, r, kid);
}

/* A length-prefixed region holding n's child, which must fill it. */
HOT int
walk_prefixed(Walker *w, Reader *r, const Node *n)
{
    int64_t size;
    if (read_len(r, n->prefix, &size) < 0)
        return -1;
    if (size < 0)
        return fail("negative region length");
    if (need(r, (Py_ssize_t)size) < 0)
        return -1;
    Py_ssize_t stop = r->pos + (Py_ssize_t)size;
    Reader inner = *r;
    inner.end = stop;
    if (walk_body(w, &inner, n) < 0)
        return -1;
    if (inner.pos != stop)
        return fail("region not consumed");
    r->pos = stop;
    return 0;
}

/* One element of a COUNTED or ARRAY node n (a length-prefixed record, a header...). */
HOT int
walk_element(Walker *w, Reader *r, const Node *n)
{
    const Node *kid = &w->nodes[w->kids[n->kids]];
    switch (kid->op) {
    case OP_PREFIXED:
        return walk_prefixed(w, r, kid);
    case OP_STRUCT:
        return walk_seq(w, r, kid);
    default:
        return walk(w, r, kid);
    }
}

/* An array (record headers): its elements, then the list's offset. */
static int
walk_array(Walker *w, Reader *r, const Node *n)
{
    int64_t count;
    if (array_count(r, n, &count) < 0)
        return -1;
    for (int64_t i = 0; i < count; i++) {
        if (walk_element(w, r, n) < 0)
            return -1;
    }
    return array_done(w, n);
}

/* A varint (wide: 64 bits) at buf[*pos], before end: the one- and two-byte forms inline. */
HOT int
get_uvarint(const uint8_t *buf, Py_ssize_t *pos, Py_ssize_t end, int wide, uint64_t *out)
{
    Py_ssize_t p = *pos;
    if (end - p >= 2) { /* one test of the room for both forms */
        unsigned b0 = buf[p], b1;
        if (b0 < 0x80) {
            *out = b0;
            *pos = p + 1;
            return 0;
        }
        if ((b1 = buf[p + 1]) < 0x80) {
            *out = (uint64_t)(b0 & 0x7F) | ((uint64_t)b1 << 7);
            *pos = p + 2;
            return 0;
        }
    }
    else if (p < end && buf[p] < 0x80) {
        *out = buf[p];
        *pos = p + 1;
        return 0;
    }
    Reader t = {buf, p, end, 0, 0, NULL, 0, NULL, NULL, NULL};
    if (read_uvarint(&t, wide ? 10 : 5, wide ? UINT64_MAX : U32_MAX, out) < 0)
        return -1;
    *pos = t.pos;
    return 0;
}

/* A length prefix at buf[*pos], before end (read_len). */
static int
get_length_slow(const uint8_t *buf, Py_ssize_t *pos, Py_ssize_t end, int prefix,
                int64_t *out)
{
    Reader t = {buf, *pos, end, 0, 0, NULL, 0, NULL, NULL, NULL};
    if (read_length(&t, prefix, out) < 0)
        return -1;
    *pos = t.pos;
    return 0;
}

HOT int
get_length(const uint8_t *buf, Py_ssize_t *pos, Py_ssize_t end, int prefix, int64_t *out)
{
    uint64_t u;
    if (prefix != PFX_VARINT && prefix != PFX_COMPACT)
        return get_length_slow(buf, pos, end, prefix, out);
    if (get_uvarint(buf, pos, end, 0, &u) < 0)
        return -1;
    *out = prefix == PFX_VARINT ? unzigzag(u) : (int64_t)u - 1;
    return *out < -1 ? fail("negative length") : 0;
}

/* get_uvarint and get_length for the row program, which reads through a pointer: at *pp,
 * before e. */
HOT int
ptr_uvarint(const uint8_t **pp, const uint8_t *e, int wide, uint64_t *out)
{
    const uint8_t *p = *pp;
    Py_ssize_t pos = 0;
    if (get_uvarint(p, &pos, e - p, wide, out) < 0)
        return -1;
    *pp = p + pos;
    return 0;
}

HOT int
ptr_length(const uint8_t **pp, const uint8_t *e, int prefix, int64_t *out)
{
    const uint8_t *p = *pp;
    Py_ssize_t pos = 0;
    uint64_t u;
    if (prefix == PFX_VARINT) { /* its sign checked by the caller: null (-1) or negative */
        if (get_uvarint(p, &pos, e - p, 0, &u) < 0)
            return -1;
        *out = unzigzag(u);
    }
    else if (get_length(p, &pos, e - p, prefix, out) < 0)
        return -1;
    *pp = p + pos;
    return 0;
}

/* After an array's elements (a row program's S_NEXT): its list's entry end (none: sink -1). */
HOT int
list_done(Walker *w, const Step *s)
{
    return list_end(w, s->sink, s->first);
}

/* count rows read by the row program from r (rows that are not left out): the same reads,
 * checks and writes as walk_element and emit_row, row after row, in one loop. 1, having read
 * nothing, when a column could pass Arrow's int32 offsets in these rows (they are then walked
 * node by node, which checks each value): the values of the rows are bytes of r, so none
 * can when each column has room for all of them. */
static int
run_rows(Walker *w, Reader *r, int64_t count)
{
    const Step *const prog = w->steps;
    const Step *s = prog;
    const uint8_t *p, *e, *limit;
    const uint8_t *ends[MAX_NEST]; /* at a step's slot (program_add: below MAX_NEST) */
    int64_t left[MAX_NEST];
    int64_t n;
    uint64_t u;
#if defined(__GNUC__) || defined(__clang__)
    /* computed goto: a dispatch after each step, each predicted on its own */
    static const void *const labels[S_CODES] = {
        [S_INT8] = &&L_S_INT8, [S_INT16] = &&L_S_INT16, [S_INT32] = &&L_S_INT32,
        [S_INT64] = &&L_S_INT64, [S_UINT8] = &&L_S_UINT8, [S_UINT16] = &&L_S_UINT16,
        [S_UINT32] = &&L_S_UINT32, [S_BOOL] = &&L_S_BOOL, [S_UVARINT] = &&L_S_UVARINT,
        [S_VARINT] = &&L_S_VARINT, [S_VARLONG] = &&L_S_VARLONG, [S_BLOB] = &&L_S_BLOB,
        [S_REGION] = &&L_S_REGION, [S_REGION_END] = &&L_S_REGION_END,
        [S_ARRAY] = &&L_S_ARRAY, [S_NEXT] = &&L_S_NEXT, [S_ROW] = &&L_S_ROW,
        [S_VBYTES] = &&L_S_VBYTES, [S_VSTRING] = &&L_S_VSTRING, [S_VREGION] = &&L_S_VREGION,
        [S_VARRAY] = &&L_S_VARRAY,
    };
#define STEP(x) case x: L_##x
#define GO_TO(t) do { s = (t); goto *s->label; } while (0)
    if (!r) { /* program_labels */
        for (int i = 0; i < w->nsteps; i++)
            w->steps[i].label = labels[w->steps[i].code];
        return 0;
    }
#else
#define STEP(x) case x
#define GO_TO(t) do { s = (t); goto dispatch; } while (0)
    if (!r)
        return 0;
#endif
    p = r->buf + r->pos; /* the read position */
    e = r->buf + r->end; /* where the region read ends */
    limit = e;           /* memory before limit is readable, whatever the regions */
    if (count <= 0)
        return 0;
    for (int i = 0; i < w->nblobs; i++) { /* blob_add: no column passes Arrow's int32 */
        if (w->blobs[i].data.len > BLOB_DATA_MAX - (e - p))
            return 1;
    }
    for (int c = 0; c < w->per_row; c++) { /* emit_row_in: a value a row */
        if (buf_reserve(&w->columns[w->row_columns[c]].data, 8 * count) < 0)
            return -1;
    }
#define NEXT() GO_TO(s + 1)
#if !defined(__GNUC__) && !defined(__clang__)
dispatch:
#endif
    switch (s->code) {
    /* a number step: a fixed-width number of size bytes (present) or a varint, its value
     * into the step's register */
#define FIXED(size, value)     \
    if (e - p < (size))        \
        goto cut;              \
    w->regs[s->reg] = (value); \
    p += (size);               \
    NEXT();
#define VARINT(wide, value)                     \
    if (ptr_uvarint(&p, e, (wide), &u) < 0)     \
        goto error;                             \
    w->regs[s->reg] = (value);                  \
    NEXT();
    STEP(S_INT8): FIXED(1, (int8_t)p[0])
    STEP(S_UINT8): FIXED(1, p[0])
    STEP(S_BOOL): FIXED(1, p[0] != 0)
    STEP(S_INT16): FIXED(2, (int16_t)be16(p))
    STEP(S_UINT16): FIXED(2, be16(p))
    STEP(S_INT32): FIXED(4, (int32_t)be32(p))
    STEP(S_UINT32): FIXED(4, (int64_t)be32(p))
    STEP(S_INT64): FIXED(8, (int64_t)be64(p))
    STEP(S_UVARINT): VARINT(0, (int64_t)u)
    STEP(S_VARINT): VARINT(0, unzigzag(u))
    STEP(S_VARLONG): VARINT(1, unzigzag(u))
#undef FIXED
#undef VARINT
    /* a blob step: its length, then its value v[0:n] (null: -1) */
#define BLOB(prefix, text, sunk)                                                    \
    {                                                                               \
        if (ptr_length(&p, e, (prefix), &n) < 0)                                    \
            goto error;                                                             \
        const uint8_t *v = p;                                                       \
        if (n < 0) {                                                                \
            if (n < -1) {                                                           \
                fail("negative length");                                            \
                goto error;                                                         \
            }                                                                       \
            if (!s->nullable) {                                                     \
                fail("null in a non-nullable field");                               \
                goto error;                                                         \
            }                                                                       \
            if ((sunk) && blob_push(&w->blobs[s->sink], v, -1) < 0)                 \
                goto error;                                                         \
            NEXT();                                                                 \
        }                                                                           \
        if (n > e - p)                                                              \
            goto cut;                                                               \
        p += n;                                                                     \
        if ((text) && !utf8_ok(v, n, limit)) {                                      \
            fail("invalid UTF-8");                                                  \
            goto error;                                                             \
        }                                                                           \
        if ((sunk) && blob_add(&w->blobs[s->sink], v, n, limit) < 0)                \
            goto error;                                                             \
        NEXT();                                                                     \
    }
    STEP(S_BLOB): BLOB(s->prefix, s->text, s->sink >= 0)
    STEP(S_VBYTES): BLOB(PFX_VARINT, 0, 1)
    STEP(S_VSTRING): BLOB(PFX_VARINT, 1, 1)
#undef BLOB
#define REGION(prefix)                                \
    if (ptr_length(&p, e, (prefix), &n) < 0)          \
        goto error;                                   \
    if (n < 0) {                                      \
        fail("negative region length");               \
        goto error;                                   \
    }                                                 \
    if (n > e - p)                                    \
        goto cut;                                     \
    ends[s->slot] = e;                                \
    e = p + n;                                        \
    NEXT();
    STEP(S_REGION): REGION(s->prefix)
    STEP(S_VREGION): REGION(PFX_VARINT)
#undef REGION
    STEP(S_REGION_END):
        if (p != e) {
            fail("region not consumed");
            goto error;
        }
        e = ends[s->slot];
        NEXT();
#define ARRAY(prefix)                                                                     \
    if (ptr_length(&p, e, (prefix), &n) < 0)                                              \
        goto error;                                                                       \
    if (n < 0) {                                                                          \
        fail("null array"); /* the Python kernel decides */                               \
        goto error;                                                                       \
    }                                                                                     \
    /* n < 2^32 and min_size < 2^31 (program_add): no overflow, and no division */        \
    if (s->min_size > 0 ? n * s->min_size > e - p : n > MAX_ZERO_SIZE_ELEMENTS) {         \
        fail("count larger than the bytes left");                                         \
        goto error;                                                                       \
    }                                                                                     \
    if (n == 0) {                                                                         \
        if (list_done(w, s) < 0)                                                          \
            goto error;                                                                   \
        GO_TO(prog + s->jump);                                                            \
    }                                                                                     \
    left[s->slot] = n;                                                                    \
    NEXT();
    STEP(S_ARRAY): ARRAY(s->prefix)
    STEP(S_VARRAY): ARRAY(PFX_VARINT)
#undef ARRAY
    STEP(S_NEXT):
        if (--left[s->slot] > 0)
            GO_TO(prog + s->jump);
        if (list_done(w, s) < 0)
            goto error;
        NEXT();
    STEP(S_ROW):
        if (w->per_row && emit_row_in(w, 1) < 0)
            goto error;
        if (--count == 0) {
            r->pos = p - r->buf;
            return 0;
        }
        GO_TO(prog);
    default:
        fail("bad step");
        goto error;
    }
#undef STEP
#undef GO_TO
#undef NEXT
cut:
    fail("truncated");
error:
    r->pos = p - r->buf;
    return -1;
}

static int
walk_elements(Walker *w, Reader *r, const Node *n, int64_t count)
{
    if (n->min_size > 0) {
        if (count > (r->end - r->pos) / n->min_size)
            return fail("count larger than the bytes left");
    }
    else if (count > MAX_ZERO_SIZE_ELEMENTS)
        return fail("count of zero-size elements too large");
    if (n->rows && w->skip_reg >= 0)
        w->discard = (w->regs[w->skip_reg] & w->skip_mask) != 0;
    int rc = 1;
    if (n->rows && !w->discard && w->nsteps && n == &w->nodes[w->program_node] &&
        (rc = run_rows(w, r, count)) < 0)
        return -1;
    if (rc) {
        int emit = n->rows && !w->discard && w->per_row;
        for (int64_t i = 0; i < count; i++) {
            if (walk_element(w, r, n) < 0)
                return -1;
            if (emit && emit_row(w) < 0)
                return -1;
        }
    }
    if (n->rows) {
        if (!w->discard && emit_batch(w, (Py_ssize_t)count) < 0)
            return -1;
        w->discard = 0;
    }
    return 0;
}

static int
walk_compressed(Walker *w, Reader *r, const Node *n)
{
    int64_t codec = w->regs[n->count_reg] & n->mask;
    if (codec == 0) {
        if (walk_kid(w, r, n, 0) < 0)
            return -1;
        return r->pos == r->end ? 0 : fail("region not consumed");
    }
    Plain plain;
    if (decompress_open(r, n->plan, codec, &plain) < 0)
        return -1;
    Reader inner = {plain.buf, 0, plain.len, r->depth, 0, NULL, r->verify, r->limit, NULL,
                    plain.holder};
    int rc = walk_kid(w, &inner, n, 0);
    if (rc == 0 && inner.pos != inner.end)
        rc = fail("decompressed region not consumed");
    decompress_close(&plain);
    return rc;
}

static int
walk(Walker *w, Reader *r, const Node *n)
{
    int rc = walk_leaf(w, r, n);
    if (rc != 1)
        return rc;
    switch (n->op) {
    case OP_STRUCT:
        return walk_seq(w, r, n);
    case OP_PREFIXED:
        return walk_prefixed(w, r, n);
    case OP_EXPECTED:
        if (walk_kid(w, r, n, 0) < 0)
            return -1;
        return w->last == n->expected ? 0 : fail("unexpected value");
    case OP_CRC: {
        if (need(r, 4) < 0)
            return -1;
        uint32_t stored = be32(r->buf + r->pos), computed;
        r->pos += 4;
        if (PyTuple_GET_ITEM(n->plan, 3) == Py_True && r->verify) {
            if (checksum(PyTuple_GET_ITEM(n->plan, 2), r->buf + r->pos, r->end - r->pos,
                         &computed) < 0)
                return -1;
            if (computed != stored) {
                if (!w->flag_crc)
                    return fail("CRC mismatch");
                w->crc_valid = 0;
            }
        }
        return walk_kid(w, r, n, 0);
    }
    case OP_COMPRESSED:
        return walk_compressed(w, r, n);
    case OP_COUNTED: {
        int64_t count = w->regs[n->count_reg];
        if (count < 0)
            return fail("bad count field");
        return walk_elements(w, r, n, count);
    }
    case OP_ARRAY:
        return walk_array(w, r, n);
    default:
        return fail("a node the columnar sink does not take");
    }
}

/* ------------------------------------------------------------------- set-up */

/* A field reference of a spec: (level, name), level 0 for the batch's, 1 for a row's. */
static int
field_reg(Walker *w, PyObject *spec, Py_ssize_t i)
{
    PyObject *ref = PyTuple_GET_ITEM(spec, i);
    if (!PyTuple_Check(ref) || PyTuple_GET_SIZE(ref) != 2 ||
        !PyUnicode_Check(PyTuple_GET_ITEM(ref, 1)))
        return fail("a field reference that is not (level, name)");
    long level = PyLong_AsLong(PyTuple_GET_ITEM(ref, 0));
    if (level == -1 && PyErr_Occurred())
        return -1;
    if (level < 0 || level > 1)
        return fail("a field reference of another level");
    return reg_of(w, PyTuple_GET_ITEM(ref, 1), (int)level);
}

/* The columns of spec: tuples (kind, ...) as the COL_ kinds above say. Blob and list sinks
 * are made before the plan is compiled (the plan's fields look them up by name); registers
 * are allocated by name, the plan's number fields find theirs. */
static int
setup_columns(Walker *w, PyObject *spec)
{
    if (!PyTuple_Check(spec) || PyTuple_GET_SIZE(spec) > MAX_COLUMNS)
        return fail("bad column spec");
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(spec); i++) {
        PyObject *item = PyTuple_GET_ITEM(spec, i);
        if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) < 1 ||
            !PyLong_Check(PyTuple_GET_ITEM(item, 0)))
            return fail("bad column spec");
        Column *col = &w->columns[w->ncolumns++];
        memset(col, 0, sizeof *col);
        col->blob = col->list = -1;
        col->kind = (int)PyLong_AsLong(PyTuple_GET_ITEM(item, 0));
        Py_ssize_t size = PyTuple_GET_SIZE(item);
        static const Py_ssize_t sizes[] = {3, 3, 2, 2, 3, 6, 3, 3, 4, 1, 1, 3};
        if (col->kind < 0 || col->kind > COL_OPTION || size != sizes[col->kind])
            return fail("bad column spec");
        switch (col->kind) {
        case COL_BLOB: /* (kind, field, text) */
            col->blob = blob_named(w, PyTuple_GET_ITEM(item, 1),
                                   PyTuple_GET_ITEM(item, 2) == Py_True, 1);
            if (col->blob < 0)
                return fail("too many blob columns");
            break;
        case COL_LIST: { /* (kind, field, ((name, text), ...)) */
            PyObject *children = PyTuple_GET_ITEM(item, 2);
            if (w->nlists == MAX_LISTS || !PyTuple_Check(children) ||
                PyTuple_GET_SIZE(children) < 1 ||
                PyTuple_GET_SIZE(children) > MAX_LIST_CHILDREN ||
                w->nblobs + PyTuple_GET_SIZE(children) > MAX_BLOBS)
                return fail("bad list column");
            col->list = w->nlists;
            List *list = &w->lists[w->nlists];
            w->list_names[w->nlists++] = PyTuple_GET_ITEM(item, 1);
            for (Py_ssize_t c = 0; c < PyTuple_GET_SIZE(children); c++) {
                PyObject *child = PyTuple_GET_ITEM(children, c);
                if (!PyTuple_Check(child) || PyTuple_GET_SIZE(child) != 2)
                    return fail("bad list column");
                w->blob_names[w->nblobs] = NULL; /* found through the list only */
                w->blobs[w->nblobs].text = PyTuple_GET_ITEM(child, 1) == Py_True;
                list->children[c] = w->nblobs++;
                list->names[c] = PyTuple_GET_ITEM(child, 0);
            }
            list->nchildren = (int)PyTuple_GET_SIZE(children);
            break;
        }
        case COL_INT64:
        case COL_INT32:
            if ((col->a = field_reg(w, item, 1)) < 0)
                return -1;
            break;
        case COL_SUM64:
            if ((col->a = field_reg(w, item, 1)) < 0 || (col->b = field_reg(w, item, 2)) < 0)
                return -1;
            break;
        case COL_STAMP:
            if ((col->a = field_reg(w, item, 1)) < 0 || (col->b = field_reg(w, item, 2)) < 0 ||
                (col->c = field_reg(w, item, 3)) < 0 || (col->d = field_reg(w, item, 4)) < 0)
                return -1;
            col->mask = PyLong_AsLongLong(PyTuple_GET_ITEM(item, 5));
            break;
        case COL_BIT_BOOL:
        case COL_BIT_INT32:
            if ((col->a = field_reg(w, item, 1)) < 0)
                return -1;
            col->mask = PyLong_AsLongLong(PyTuple_GET_ITEM(item, 2));
            break;
        case COL_NAME:
            if ((col->a = field_reg(w, item, 1)) < 0)
                return -1;
            col->mask = PyLong_AsLongLong(PyTuple_GET_ITEM(item, 2));
            col->names = PyTuple_GET_ITEM(item, 3);
            if (!PyTuple_Check(col->names) || w->nblobs == MAX_BLOBS)
                return fail("bad name column");
            for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(col->names); k++) {
                if (!PyUnicode_Check(PyTuple_GET_ITEM(col->names, k)))
                    return fail("bad name column");
            }
            col->blob = w->nblobs;
            w->blob_names[w->nblobs] = NULL;
            w->blobs[w->nblobs++].text = 1;
            break;
        case COL_OPTION: /* (kind, index, text) */
            col->a = (int)PyLong_AsLong(PyTuple_GET_ITEM(item, 1));
            col->b = PyTuple_GET_ITEM(item, 2) == Py_True;
            if (!PyErr_Occurred() && (col->a < 0 || col->a > 8))
                return fail("bad option column");
            break;
        default:
            break;
        }
        if (PyErr_Occurred())
            return -1;
        col->per_row = col->kind == COL_SUM64 || col->kind == COL_STAMP;
        if (col->per_row)
            w->row_columns[w->per_row++] = w->ncolumns - 1;
    }
    return 0;
}

/* The sink of a call starts with each offsets buffer holding its first 0. */
static int
walker_begin(Walker *w)
{
    for (int i = 0; i < w->nblobs; i++) {
        if (blob_start(&w->blobs[i]) < 0)
            return -1;
    }
    int32_t zero = 0;
    for (int i = 0; i < w->nlists; i++) {
        if (buf_put(&w->lists[i].offsets, &zero, 4) < 0)
            return -1;
    }
    return 0;
}

static void
walker_free(Walker *w)
{
    for (int i = 0; i < w->nblobs; i++)
        blob_free(&w->blobs[i]);
    for (int i = 0; i < w->nlists; i++)
        buf_free(&w->lists[i].offsets);
    for (int i = 0; i < w->ncolumns; i++) {
        buf_free(&w->columns[i].data);
        buf_free(&w->columns[i].bits.buf);
        buf_free(&w->columns[i].valid.buf);
    }
}

/* ------------------------------------------------------------------- export */

/* options[index] in each of rows rows: a string (text) or int32 column, null for None. */
static int
option_export(int64_t rows, PyObject *value, int text, struct ArrowArray *out)
{
    Taken valid = NO_BUFFER, values = NO_BUFFER, data = NO_BUFFER;
    int64_t nulls = 0;
    if (value == Py_None) {
        nulls = rows;
        valid.p = pool_alloc(rows / 8 + 1, &valid.cap, 1);
        values.p = pool_alloc((rows + 1) * 4, &values.cap, 1);
        data.p = text ? pool_alloc(8, &data.cap, 0) : NULL;
        if (!valid.p || !values.p || (text && !data.p))
            goto nomem;
    }
    else if (text) {
        Py_ssize_t size;
        const char *s = PyUnicode_Check(value) ? PyUnicode_AsUTF8AndSize(value, &size) : NULL;
        if (!s) {
            PyErr_Clear();
            return fail("a string option that is not a str");
        }
        if (size && rows > BLOB_DATA_MAX / size)
            return fail("column larger than Arrow's int32 offsets");
        int32_t *offsets = values.p = pool_alloc((rows + 1) * 4, &values.cap, 0);
        data.p = pool_alloc(size * rows + 8, &data.cap, 0);
        if (!values.p || !data.p)
            goto nomem;
        for (int64_t i = 0; i <= rows; i++)
            offsets[i] = (int32_t)(i * size);
        for (int64_t i = 0; i < rows; i++)
            memcpy((char *)data.p + i * size, s, (size_t)size);
    }
    else {
        int overflow;
        long long v = PyLong_Check(value) ? PyLong_AsLongLongAndOverflow(value, &overflow) : 0;
        if (!PyLong_Check(value) || overflow || v < INT32_MIN || v > INT32_MAX) {
            PyErr_Clear();
            return fail("an int32 option out of range");
        }
        int32_t x = (int32_t)v, *p = values.p = pool_alloc((rows + 1) * 4, &values.cap, 0);
        if (!values.p)
            goto nomem;
        for (int64_t i = 0; i < rows; i++)
            p[i] = x;
    }
    return text ? array_init(out, rows, nulls, 3, valid, values, data, 0)
                : array_init(out, rows, nulls, 2, valid, values, NO_BUFFER, 0);
nomem: /* pool_alloc set the error */
    pool_give(valid.p, valid.cap);
    pool_give(values.p, values.cap);
    pool_give(data.p, data.cap);
    return -1;
}

/* Column col as an Arrow array (its buffers move to out). */
static int
column_export(Walker *w, Column *col, PyObject *options, struct ArrowArray *out)
{
    int failed;
    Taken valid, data;
    switch (col->kind) {
    case COL_BLOB:
    case COL_NAME:
        if (blob_count(&w->blobs[col->blob]) != w->rows)
            return fail("a blob column without one value per row");
        return blob_export(&w->blobs[col->blob], out);
    case COL_LIST: {
        List *list = &w->lists[col->list];
        if (list->count != w->rows)
            return fail("a list column without one value per row");
        int64_t items = blob_count(&w->blobs[list->children[0]]);
        for (int c = 0; c < list->nchildren; c++) {
            if (blob_count(&w->blobs[list->children[c]]) != items)
                return fail("list children of different lengths");
        }
        Taken offsets = buf_take(&list->offsets);
        if (!offsets.p ||
            array_init(out, w->rows, 0, 2, NO_BUFFER, offsets, NO_BUFFER, 1) < 0)
            return -1;
        struct ArrowArray *values = out->children[0];
        if (array_init(values, items, 0, 1, NO_BUFFER, NO_BUFFER, NO_BUFFER,
                       list->nchildren) < 0)
            return -1;
        for (int c = 0; c < list->nchildren; c++) {
            if (blob_export(&w->blobs[list->children[c]], values->children[c]) < 0)
                return -1;
        }
        return 0;
    }
    case COL_OPTION: {
        PyObject *value = col->a < PyTuple_GET_SIZE(options) ?
            PyTuple_GET_ITEM(options, col->a) : Py_None;
        return option_export(w->rows, value, col->b, out);
    }
    case COL_CRC:
    case COL_STAMP:
        valid = bits_take_validity(&col->valid, &failed);
        data = failed ? NO_BUFFER
                      : buf_take(col->kind == COL_CRC ? &col->bits.buf : &col->data);
        if (!data.p) {
            pool_give(valid.p, valid.cap);
            return -1;
        }
        return array_init(out, w->rows, col->valid.zeros, 2, valid, data, NO_BUFFER, 0);
    case COL_BIT_BOOL:
        data = buf_take(&col->bits.buf);
        return data.p ? array_init(out, w->rows, 0, 2, NO_BUFFER, data, NO_BUFFER, 0) : -1;
    default:
        data = buf_take(&col->data);
        return data.p ? array_init(out, w->rows, 0, 2, NO_BUFFER, data, NO_BUFFER, 0) : -1;
    }
}

/* The columns as a struct array (the C data interface's record batch), in a new capsule. */
static PyObject *
export_batch(Walker *w, PyObject *options)
{
    struct ArrowArray *top = calloc(1, sizeof *top);
    if (!top)
        return PyErr_NoMemory();
    PyObject *capsule = PyCapsule_New(top, ARRAY_CAPSULE, array_capsule_free);
    if (!capsule) {
        free(top);
        return NULL;
    }
    if (array_init(top, w->rows, 0, 1, NO_BUFFER, NO_BUFFER, NO_BUFFER, w->ncolumns) < 0) {
        Py_DECREF(capsule);
        return NULL;
    }
    for (int c = 0; c < w->ncolumns; c++) {
        if (column_export(w, &w->columns[c], options, top->children[c]) < 0) {
            Py_DECREF(capsule); /* releases what was exported */
            return NULL;
        }
    }
    return capsule;
}

/* ------------------------------------------------------------------- magic 0/1 entries */

/* Magic 0/1 entries (Kafka documentation, "Old Message Format") are read with the plan the
 * native engine lowers from LegacyMessageSetEntry (kformat/records/legacy.py): the entry, and
 * the element of a wrapper's inner record set (RECORD_SET), compiled into the Flat steps the
 * object engine reads them with (native.h), checks and CRCs included; the RECORD_SET node's
 * rules (record_set_rules: relative offsets against the last inner offset, LogAppendTime)
 * make the rows. A message without a codec is a row of its own (its offset, timestamp, key
 * and value: the wrapper fields of those rules); a wrapper's inner messages are its rows. What
 * each column holds for them comes, by field name, from kformat.outputs.fields
 * (Column.legacy): */
enum { /* kformat/outputs/arrow_native.py: LEGACY_KINDS */
    LEG_SAME = 0,         /* (0,): as in a magic 2 batch (crc, position, the options) */
    LEG_FIELD = 1,        /* (1, name): a field of the row's message (key, value) */
    LEG_EMPTY = 2,        /* (2,): an empty list (headers) */
    LEG_OFFSET = 3,       /* (3,): the row's offset */
    LEG_STAMP = 4,        /* (4,): the row's timestamp (ms -> us), null when it has none */
    LEG_STAMP_TYPE = 5,   /* (5,): -1 without a timestamp, 1 LogAppendTime, 0 CreateTime */
    LEG_BATCH = 6,        /* (6, name): a field of the top-level message (magic, attributes) */
    LEG_FIRST_OFFSET = 7, /* (7,): the offset of the entry's first row */
    LEG_CONST = 8,        /* (8, value): the same int in every row */
};

/* Whether a column of kind col_kind can be read as legacy kind k. */
static int
legacy_fits(int col_kind, int k)
{
    switch (k) {
    case LEG_SAME:
        return col_kind == COL_CRC || col_kind == COL_POSITION || col_kind == COL_OPTION;
    case LEG_FIELD:
        return col_kind == COL_BLOB;
    case LEG_EMPTY:
        return col_kind == COL_LIST;
    case LEG_OFFSET:
        return col_kind == COL_SUM64;
    case LEG_STAMP:
        return col_kind == COL_STAMP;
    default: /* one int per entry */
        return col_kind == COL_INT64 || col_kind == COL_INT32 || col_kind == COL_BIT_BOOL ||
               col_kind == COL_BIT_INT32 || col_kind == COL_NAME;
    }
}

/* The slot of the entry's struct `up` structs out of the WRAPPED field's, named name. */
static int
legacy_scope_slot(const Flat *f, long up, PyObject *name)
{
    if (up < 0 || up >= f->nscope)
        return -1;
    return flat_slot(f, f->scope[up], name);
}

/* Compile legacy: (entry plan, one (kind, ...) per column).
 * L->ok stays 0 for a plan or spec it does not take (magic 0/1 entries then go to others). */
static int
legacy_compile(Walker *w, PyObject *legacy)
{
    Legacy *L = &w->legacy;
    memset(L, 0, sizeof *L);
    PyObject *specs;
    if (legacy == Py_None)
        return 0;
    if (!PyTuple_Check(legacy) || PyTuple_GET_SIZE(legacy) != 2 ||
        !PyTuple_Check(specs = PyTuple_GET_ITEM(legacy, 1)) ||
        PyTuple_GET_SIZE(specs) != w->ncolumns)
        return fail("bad legacy spec");
    Flat *e = &L->entry, *set = &L->set;
    if (flat_compile_struct(e, PyTuple_GET_ITEM(legacy, 0)) < 0 || e->wrapped < 0)
        return 0;
    L->wrapped = e->step[e->wrapped].node;
    L->set_plan = PyTuple_GET_ITEM(L->wrapped, 9);
    if (!PyTuple_Check(L->set_plan) || op_of(L->set_plan) != OP_RECORD_SET)
        return 0;
    flat_compile(set, L->set_plan, 1);
    PyObject *refs = PyTuple_GET_ITEM(L->set_plan, 5);
    int *wrapper[4] = {&L->magic, &L->attributes, &L->timestamp, &L->offset};
    for (int i = 0; i < 4; i++) {
        PyObject *ref = PyTuple_GET_ITEM(refs, i);
        if ((*wrapper[i] = legacy_scope_slot(e, int_at(ref, 0), PyTuple_GET_ITEM(ref, 1))) < 0)
            return 0;
    }
    L->codec = legacy_scope_slot(e, 0, PyTuple_GET_ITEM(L->wrapped, 4));
    L->codec_mask = int_at(L->wrapped, 5);
    if (!set->ok || L->codec < 0 ||
        legacy_scope_slot(e, 0, PyTuple_GET_ITEM(L->wrapped, 6)) != L->magic)
        return 0;
    for (int i = 0; i < set->outers; i++) {
        if ((L->outer[i] = legacy_scope_slot(e, set->outer_up[i], set->outer_name[i])) < 0)
            return 0;
    }
    for (int c = 0; c < w->ncolumns; c++) {
        PyObject *spec = PyTuple_GET_ITEM(specs, c);
        if (!PyTuple_Check(spec) || PyTuple_GET_SIZE(spec) < 1)
            return fail("bad legacy spec");
        int k = L->kind[c] = (int)PyLong_AsLong(PyTuple_GET_ITEM(spec, 0));
        if (PyErr_Occurred())
            return -1;
        if (k < LEG_SAME || k > LEG_CONST || !legacy_fits(w->columns[c].kind, k))
            return 0;
        int named = k == LEG_FIELD || k == LEG_BATCH || k == LEG_CONST;
        if (PyTuple_GET_SIZE(spec) != 1 + named)
            return fail("bad legacy spec");
        if (k == LEG_CONST) {
            L->value[c] = PyLong_AsLongLong(PyTuple_GET_ITEM(spec, 1));
            if (PyErr_Occurred())
                return -1;
        }
        else if (named) {
            PyObject *name = PyTuple_GET_ITEM(spec, 1);
            L->entry_slot[c] = legacy_scope_slot(e, 0, name);
            L->set_slot[c] = flat_slot(set, set->message_level, name);
            if (L->entry_slot[c] < 0 || (k == LEG_FIELD && L->set_slot[c] < 0))
                return 0;
        }
    }
    L->ok = 1;
    return 0;
}

/* An int slot of vals. */
static int
legacy_int(const FlatValue *vals, int slot, int64_t *out)
{
    if (vals[slot].kind != 1)
        return fail("a magic 0/1 field that is not an int");
    *out = vals[slot].v;
    return 0;
}

/* The per-row columns of one row: its message's fields in vals (blobs in buf), its offset
 * and timestamp (has_stamp 0: none). */
static int
legacy_row(Walker *w, const uint8_t *buf, const FlatValue *vals, const int *slots,
           int64_t offset, int has_stamp, int64_t stamp)
{
    const Legacy *L = &w->legacy;
    for (int c = 0; c < w->ncolumns; c++) {
        Column *col = &w->columns[c];
        switch (L->kind[c]) {
        case LEG_FIELD: {
            const FlatValue *v = &vals[slots[c]];
            Blob *b = &w->blobs[col->blob];
            if (v->kind != 3)
                return fail("a magic 0/1 field that is not bytes");
            const uint8_t *at = v->len >= 0 ? buf + v->at : NULL; /* a null has no bytes */
            if (b->text && v->len > 0 && !valid_utf8(at, v->len))
                return fail("invalid UTF-8");
            if (blob_push(b, at, v->len) < 0)
                return -1;
            break;
        }
        case LEG_EMPTY: {
            List *list = &w->lists[col->list];
            int32_t end = (int32_t)blob_count(&w->blobs[list->children[0]]);
            if (buf_put(&list->offsets, &end, 4) < 0)
                return -1;
            list->count++;
            break;
        }
        case LEG_OFFSET:
            if (buf_put(&col->data, &offset, 8) < 0)
                return -1;
            break;
        case LEG_STAMP: { /* as COL_STAMP; null when the message has none */
            if (has_stamp && (stamp < -STAMP_MS_MAX || stamp > STAMP_MS_MAX))
                return fail("timestamp beyond what microseconds hold");
            int ok = has_stamp;
            int64_t us = ok ? stamp * 1000 : 0;
            if (buf_put(&col->data, &us, 8) < 0 || valid_push(&col->valid, ok) < 0)
                return -1;
            break;
        }
        default:
            break;
        }
    }
    return 0;
}

/* The per-entry columns for its count rows (vals: the entry's). */
static int
legacy_batch(Walker *w, const FlatValue *vals, int64_t count, int64_t first, int stamp_type)
{
    const Legacy *L = &w->legacy;
    for (int c = 0; c < w->ncolumns; c++) {
        Column *col = &w->columns[c];
        int64_t v;
        int32_t x;
        switch (L->kind[c]) {
        case LEG_BATCH:
            if (legacy_int(vals, L->entry_slot[c], &v) < 0)
                return -1;
            break;
        case LEG_CONST:
            v = L->value[c];
            break;
        case LEG_FIRST_OFFSET:
            v = first;
            break;
        case LEG_STAMP_TYPE:
            v = stamp_type;
            break;
        case LEG_SAME:
            if (col->kind == COL_CRC && (bits_fill(&col->bits, w->crc_valid == 1, count) < 0 ||
                                         valid_fill(&col->valid, w->crc_valid >= 0, count) < 0))
                return -1;
            if (col->kind == COL_POSITION && buf_fill(&col->data, &w->position, 8, count) < 0)
                return -1;
            continue;
        default: /* per row */
            continue;
        }
        switch (col->kind) {
        case COL_INT64:
            if (buf_fill(&col->data, &v, 8, count) < 0)
                return -1;
            break;
        case COL_BIT_BOOL:
            if (bits_fill(&col->bits, v != 0, count) < 0)
                return -1;
            break;
        case COL_NAME:
            if (name_fill(w, col, v, count) < 0)
                return -1;
            break;
        default: /* COL_INT32, COL_BIT_INT32: the value itself */
            if (v < INT32_MIN || v > INT32_MAX)
                return fail("value out of int32 range");
            x = (int32_t)v;
            if (buf_fill(&col->data, &x, 4, count) < 0)
                return -1;
        }
    }
    w->rows += count;
    return 0;
}

/* The rows of a wrapper's inner record set, decompressed from its value (vals: the entry's);
 * *count rows, *first and *last the first and last inner offsets. */
static int
legacy_set(Walker *w, Reader *r, const FlatValue *vals, int64_t magic, int64_t codec,
           int log_append, int *crc_flag, int64_t *count, int64_t *first, int64_t *last)
{
    Legacy *L = &w->legacy;
    const FlatValue *value = &vals[L->entry.step[L->entry.wrapped].slot];
    if (value->kind != 3 || value->len < 0)
        return fail("a compressed value is null");
    int64_t wrapper_stamp = 0;
    if (log_append && legacy_int(vals, L->timestamp, &wrapper_stamp) < 0)
        return -1;
    Plain plain;
    Reader sub;
    if (legacy_inner_open(&L->set, L->outer, L->wrapped, r, vals, value, magic, codec, &plain,
                          &sub) < 0)
        return -1;
    FlatValue inner[FLAT_SLOTS];
    const Flat *set = &L->set;
    int rc = 0;
    *count = 0;
    while (rc == 0 && sub.pos < sub.end) {
        Reader e = sub;
        int64_t offset, stamp = wrapper_stamp;
        if ((rc = flat_read(set, &e, inner, crc_flag)) < 0)
            break;
        if (e.pos == sub.pos) {
            rc = fail("element without bytes");
            break;
        }
        sub.pos = e.pos;
        const FlatValue *t = &inner[set->stamp_slot];
        if ((rc = legacy_int(inner, set->offset_slot, &offset)) < 0 ||
            (!log_append && t->kind == 1 && (rc = legacy_int(inner, set->stamp_slot, &stamp)) < 0))
            break;
        rc = legacy_row(w, plain.buf, inner, L->set_slot, offset, log_append || t->kind == 1,
                        stamp);
        if (!*count)
            *first = offset;
        *last = offset;
        ++*count;
    }
    decompress_close(&plain);
    return rc;
}

/* The magic 0/1 entry buf[pos:pos + size] (position base + pos): its rows. */
static int
legacy_entry(Walker *w, const uint8_t *buf, Py_ssize_t pos, int64_t size, int64_t base,
             int verify, PyObject *limit)
{
    Legacy *L = &w->legacy;
    const Frame *f = &w->frame;
    int magic_byte = buf[pos + f->magic_at]; /* framed by read_batches: at least head */
    if (magic_byte > 1 || size - f->head < f->min_length[magic_byte])
        return fail("not a plausible magic 0/1 entry");
    Reader r = {buf, pos, pos + (Py_ssize_t)size, 0, 0, NULL, verify, limit};
    FlatValue vals[FLAT_SLOTS];
    int mismatch = 0, *crc_flag = w->flag_crc ? &mismatch : NULL;
    if (flat_read(&L->entry, &r, vals, crc_flag) < 0)
        return -1;
    if (r.pos != r.end)
        return fail("entry not consumed");
    int64_t magic, attributes, offset, stamp = 0, count = 1, first = 0, last = 0;
    if (legacy_int(vals, L->magic, &magic) < 0 || legacy_int(vals, L->attributes, &attributes) < 0 ||
        legacy_int(vals, L->offset, &offset) < 0)
        return -1;
    int has_stamp = vals[L->timestamp].kind == 1, relative, log_append;
    if (has_stamp && legacy_int(vals, L->timestamp, &stamp) < 0)
        return -1;
    record_set_rules(L->set_plan, magic, attributes, &relative, &log_append);
    int64_t codec = attributes & L->codec_mask, rows = w->rows;
    if (codec == 0) {
        if (legacy_row(w, buf, vals, L->entry_slot, offset, has_stamp, stamp) < 0)
            return -1;
        first = offset;
    }
    else {
        if (legacy_set(w, &r, vals, magic, codec, log_append, crc_flag, &count, &first,
                       &last) < 0)
            return -1;
        kf_wide base = count && relative ? record_set_base(offset, last) : 0;
        if (base > INT64_MAX)
            return fail("offset base out of int64 range");
        int64_t shift = (int64_t)base;
        for (int c = 0; c < w->ncolumns && count && shift > 0; c++) {
            if (L->kind[c] != LEG_OFFSET)
                continue;
            int64_t *at = (int64_t *)w->columns[c].data.p + rows; /* this entry's */
            for (int64_t i = 0; i < count; i++) {
                if (__builtin_add_overflow(at[i], shift, &at[i]))
                    return fail("offset out of int64 range");
            }
        }
        if (shift > 0)
            first += shift;
    }
    w->crc_valid = verify ? !mismatch : -1;
    w->position = base + pos;
    return legacy_batch(w, vals, count, first, has_stamp ? log_append : -1);
}

/* A batch of another magic than 2 at buf[pos:pos + size]: a magic 0/1 entry read here, or
 * (when the legacy plan did not compile) listed in others as (position, size, rows before
 * it), for the caller to read otherwise and put its rows in place. */
static int
read_other(Walker *w, const uint8_t *buf, Py_ssize_t pos, int64_t size, int64_t base,
           int verify, PyObject *limit, PyObject *others)
{
    if (w->legacy.ok)
        return legacy_entry(w, buf, pos, size, base, verify, limit);
    PyObject *span = Py_BuildValue("(nLL)", pos, (long long)size, (long long)w->rows);
    int rc = span ? PyList_Append(others, span) : -1;
    Py_XDECREF(span);
    return rc;
}

/* ------------------------------------------------------------------- reading */

/* Where a call stops reading entries (a scan, framing.plausible_run): at the first that
 * does not frame plausibly, or after the one that brings the records their heads announce
 * (a magic 2 batch's record count, 1 for a magic 0/1 entry) to max_rows or their bytes to
 * max_bytes (0: no limit). Without a scan every entry must frame. */
typedef struct {
    int on;
    int64_t max_rows, max_bytes;
    int64_t rows, bytes, entries; /* so far */
} Scan;

/* Whether the scan stops after an entry of size bytes and magic magic at buf[pos]. */
static int
scan_done(Scan *sc, const Frame *f, const uint8_t *buf, Py_ssize_t pos, int64_t size,
          int magic)
{
    sc->entries++;
    sc->bytes += size;
    sc->rows += magic == 2 && size >= f->header ? (int64_t)be32(buf + pos + f->count_at) : 1;
    return sc->on && ((sc->max_rows > 0 && sc->rows >= sc->max_rows) ||
                      (sc->max_bytes > 0 && sc->bytes >= sc->max_bytes));
}

/* One pass over back-to-back entries, each framed (frame_size) and walked with the plan (a
 * magic 2 batch) or handed to read_other; *consumed: the bytes of those read. */
static int
read_batches(Walker *w, const uint8_t *buf, Py_ssize_t len, int64_t base, int verify,
             PyObject *limit, int64_t max_size, PyObject *others, Scan *sc,
             Py_ssize_t *consumed)
{
    const Node *root = &w->nodes[0];
    Py_ssize_t pos = 0;
    *consumed = 0;
    while (pos < len) {
        int magic;
        int64_t size = frame_size(&w->frame, buf, pos, len, max_size, &magic);
        if (size < 0) {
            if (sc->on)
                break;
            return fail("a batch that does not frame");
        }
        if (magic != 2) {
            if (read_other(w, buf, pos, size, base, verify, limit, others) < 0)
                return -1;
        }
        else if (!frame_records_ok(&w->frame, buf, pos, size))
            return fail("a compressed batch announcing more records than the cap");
        else {
            Reader r = {buf, pos, pos + (Py_ssize_t)size, 0, 0, NULL, verify, limit};
            w->crc_valid = verify ? 1 : -1;
            w->position = base + pos;
            if (walk(w, &r, root) < 0)
                return -1;
            if (r.pos != pos + size)
                return fail("batch not consumed");
        }
        int done = scan_done(sc, &w->frame, buf, pos, size, magic);
        pos += (Py_ssize_t)size;
        *consumed = pos;
        if (done)
            break;
    }
    return 0;
}

/* Buffers sized once, up front (before walker_begin writes their first bytes, so that none
 * is grown at once): fixed-width ones, offsets and bitmaps for the rows the batch heads
 * announce (a magic 2 batch's record count) up to where the call stops (scan, a copy),
 * variable-size data for the bytes
 * per row the sink's previous call wrote (hint), both guesses only: the walk checks
 * everything and grows buffers as needed. */
static int
presize(Walker *w, const uint8_t *buf, Py_ssize_t len, const int64_t *hint, Scan scan,
        int64_t max_size)
{
    Py_ssize_t pos = 0;
    int64_t rows = 0;
    const Frame *f = &w->frame;
    while (pos < len) {
        int magic;
        int64_t size = frame_size(f, buf, pos, len, max_size, &magic);
        if (size < 0)
            break;
        int64_t count = magic == 2 && size >= f->header ? (int32_t)be32(buf + pos + f->count_at)
                                                        : 0;
        if (count > 0 && count <= size)
            rows += count;
        int done = scan_done(&scan, f, buf, pos, size, magic);
        pos += (Py_ssize_t)size;
        if (done)
            break;
    }
    int64_t bits = rows / 8 + 1;
    for (int i = 0; i < w->nblobs; i++) {
        Blob *b = &w->blobs[i];
        int64_t guess = 0;
        if (hint[i] > 0 && rows > 0)
            guess = hint[i] > BLOB_HINT_MAX * 16 / rows ? BLOB_HINT_MAX
                                                        : hint[i] * rows / 16 + 64;
        if (buf_reserve(&b->offsets, 4 * (rows + 1)) < 0 || buf_reserve(&b->data, guess) < 0)
            return -1;
    }
    for (int i = 0; i < w->nlists; i++) {
        if (buf_reserve(&w->lists[i].offsets, 4 * (rows + 1)) < 0)
            return -1;
    }
    for (int i = 0; i < w->ncolumns; i++) {
        Column *col = &w->columns[i];
        int width = col->kind == COL_INT32 || col->kind == COL_BIT_INT32 ? 4 : 8;
        if (col->kind == COL_BIT_BOOL || col->kind == COL_CRC) {
            if (buf_reserve(&col->bits.buf, bits) < 0)
                return -1;
        }
        else if (col->kind != COL_BLOB && col->kind != COL_LIST && col->kind != COL_NAME &&
                 col->kind != COL_OPTION && buf_reserve(&col->data, width * rows) < 0)
            return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------- the functions */

/* A sink: the walker compiled for a plan and a column spec, with no buffer, and the objects
 * its borrowed names live in. */
#define SINK_CAPSULE "kformat.columnar.Sink"

typedef struct {
    Walker w;
    Node nodes[MAX_NODES];   /* w's */
    int kids[MAX_KIDS];
    Step steps[MAX_STEPS];
    int64_t hint[MAX_BLOBS]; /* bytes per row x 16 of each blob in the last call, or 0 */
    PyObject *keep;          /* (plan, spec, rows_field, skip, legacy): what it borrows */
    Walker scratch;          /* the walker of a call (a call made while one runs, from a
                                codec's Python code, mallocs its own) */
    int busy;                /* scratch is in use */
} Sink;

static void
sink_free(PyObject *capsule)
{
    Sink *s = PyCapsule_GetPointer(capsule, SINK_CAPSULE);
    if (!s)
        return;
    Py_XDECREF(s->keep);
    PyMem_Free(s);
}

/* arrow_sink(plan, spec, rows_field, skip, program=True, legacy=None) -> sink */
static PyObject *
arrow_sink(PyObject *self, PyObject *args)
{
    PyObject *plan, *spec, *row_name, *skip, *legacy = Py_None;
    int program = 1;
    if (!PyArg_ParseTuple(args, "O!O!UO|pO", &PyTuple_Type, &plan, &PyTuple_Type, &spec,
                          &row_name, &skip, &program, &legacy))
        return NULL;
    Sink *s = PyMem_Calloc(1, sizeof(Sink));
    if (!s)
        return PyErr_NoMemory();
    s->keep = Py_BuildValue("(OOOOO)", plan, spec, row_name, skip, legacy);
    PyObject *capsule = s->keep ? PyCapsule_New(s, SINK_CAPSULE, sink_free) : NULL;
    if (!capsule) {
        Py_XDECREF(s->keep);
        PyMem_Free(s);
        return NULL;
    }
    Walker *w = &s->w;
    w->nodes = s->nodes;
    w->kids = s->kids;
    w->steps = s->steps;
    w->row_name = row_name;
    w->skip_reg = -1;
    /* skip: None, or (field, mask): the rows of a batch whose field & mask is set are
     * left out (control batches) */
    if (skip != Py_None) {
        if (!PyTuple_Check(skip) || PyTuple_GET_SIZE(skip) != 2) {
            fail("bad skip spec");
            goto error;
        }
        if ((w->skip_reg = field_reg(w, skip, 0)) < 0)
            goto error;
        w->skip_mask = PyLong_AsLongLong(PyTuple_GET_ITEM(skip, 1));
        if (PyErr_Occurred())
            goto error;
    }
    if (setup_columns(w, spec) < 0 || compile_node(w, plan, NULL, NULL, 0, 0) < 0 ||
        legacy_compile(w, legacy) < 0)
        goto error;
    if (program)
        program_compile(w);
    return capsule;
error:
    Py_DECREF(capsule);
    return NULL;
}

/* The entries of data[:len] read by sink s into a struct ArrowArray (its capsule), the
 * batches of other magics stepped over appended to others; NULL with an error set. */
static PyObject *
export_data(Sink *s, const uint8_t *data, Py_ssize_t len, int64_t position, int verify,
            int flag_crc, PyObject *limit, int64_t max_size, const Frame *f,
            PyObject *options, Scan *scan, PyObject *others, int64_t *rows,
            Py_ssize_t *consumed)
{
    Walker *w = s->busy ? PyMem_Malloc(sizeof(Walker)) : &s->scratch;
    if (!w)
        return PyErr_NoMemory();
    if (w == &s->scratch)
        s->busy = 1;
    memcpy(w, &s->w, sizeof *w);
    w->flag_crc = flag_crc;
    w->frame = *f;
    PyObject *array = NULL;
    *consumed = 0;
    if (presize(w, data, len, s->hint, *scan, max_size) < 0 || walker_begin(w) < 0 ||
        read_batches(w, data, len, position, verify, limit, max_size, others, scan,
                     consumed) < 0)
        goto done;
    if (w->rows > 0) {
        for (int i = 0; i < w->nblobs; i++)
            s->hint[i] = w->blobs[i].data.len < INT64_MAX / 16 ?
                16 * w->blobs[i].data.len / w->rows : 0;
    }
    *rows = w->rows;
    array = export_batch(w, options);
done:
    walker_free(w);
    if (w == &s->scratch)
        s->busy = 0;
    else
        PyMem_Free(w);
    return array;
}

/* arrow_export(sink, data, position, verify, flag_crc, limit, max_batch_size, frame,
 *              options, scan=False, max_rows=0, max_bytes=0)
 *   -> (rows, others, array capsule, array address, bytes read, entries read) */
static PyObject *
arrow_export(PyObject *self, PyObject *args)
{
    PyObject *capsule, *limit, *options, *frame;
    Py_buffer view;
    long long position, max_size, max_rows = 0, max_bytes = 0;
    int verify, flag_crc, scanning = 0;
    Frame f;
    if (!PyArg_ParseTuple(args, "Oy*LppOLO!O!|pLL", &capsule, &view, &position, &verify,
                          &flag_crc, &limit, &max_size, &PyTuple_Type, &frame,
                          &PyTuple_Type, &options, &scanning, &max_rows, &max_bytes))
        return NULL;
    Scan scan = {scanning, max_rows, max_bytes, 0, 0, 0};
    Py_ssize_t consumed = 0;
    int64_t rows = 0;
    Sink *s = PyCapsule_GetPointer(capsule, SINK_CAPSULE);
    PyObject *others = s && frame_parse(frame, &f) == 0 ? PyList_New(0) : NULL;
    PyObject *out = NULL;
    PyObject *array = !others ? NULL :
        export_data(s, (const uint8_t *)view.buf, view.len, position, verify, flag_crc,
                    limit == Py_None ? NULL : limit, max_size, &f, options, &scan, others,
                    &rows, &consumed);
    if (array) {
        out = Py_BuildValue("(LOONnL)", (long long)rows, others, array,
                            PyLong_FromVoidPtr(PyCapsule_GetPointer(array, ARRAY_CAPSULE)),
                            consumed, (long long)scan.entries);
        Py_DECREF(array);
    }
    Py_XDECREF(others);
    PyBuffer_Release(&view);
    return out;
}

/* A prepared call: arrow_export of one sink with the same settings every time, imported by
 * the importer it was given (pyarrow.RecordBatch._import_from_c) with its schema, so a call
 * of to_arrow on bytes runs no Python of its own between its caller and pyarrow. */
typedef struct {
    PyObject_HEAD
    vectorcallfunc vectorcall;
    PyObject *sink;     /* the Sink capsule */
    PyObject *schema;
    PyObject *importer; /* importer(address, schema) -> the record batch */
    PyObject *declined; /* the exceptions that make a call return None instead */
    PyObject *limit;    /* NULL: none */
    int64_t max_size;
    int verify, flag_crc;
    Frame frame;
} ArrowReader;

static int
reader_traverse(ArrowReader *r, visitproc visit, void *arg)
{
    Py_VISIT(r->sink);
    Py_VISIT(r->schema);
    Py_VISIT(r->importer);
    Py_VISIT(r->declined);
    Py_VISIT(r->limit);
    return 0;
}

static int
reader_clear(ArrowReader *r)
{
    Py_CLEAR(r->sink);
    Py_CLEAR(r->schema);
    Py_CLEAR(r->importer);
    Py_CLEAR(r->declined);
    Py_CLEAR(r->limit);
    return 0;
}

static void
reader_dealloc(ArrowReader *r)
{
    PyObject_GC_UnTrack(r);
    reader_clear(r);
    Py_TYPE(r)->tp_free((PyObject *)r);
}

/* reader(data, position, options) -> the record batch of data's entries (arrow_export's
 * position and options); None when the batches are not all magic 2 or the read raised one
 * of the declined exceptions (the caller then runs the kernel, which says why or reads them
 * its way). */
static PyObject *
reader_call(ArrowReader *self, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    if (PyVectorcall_NARGS(nargsf) != 3 || (kwnames && PyTuple_GET_SIZE(kwnames)) ||
        !PyTuple_Check(args[2])) {
        PyErr_SetString(PyExc_TypeError, "arrow reader: (data, position, options tuple)");
        return NULL;
    }
    long long position = PyLong_AsLongLong(args[1]);
    if (position == -1 && PyErr_Occurred())
        return NULL;
    Sink *s = PyCapsule_GetPointer(self->sink, SINK_CAPSULE);
    if (!s)
        return NULL;
    Py_buffer view;
    if (PyObject_GetBuffer(args[0], &view, PyBUF_SIMPLE) < 0)
        return NULL;
    Scan scan = {0, 0, 0, 0, 0, 0};
    Py_ssize_t consumed;
    int64_t rows;
    PyObject *batch = NULL, *others = PyList_New(0);
    PyObject *array = !others ? NULL :
        export_data(s, (const uint8_t *)view.buf, view.len, position, self->verify,
                    self->flag_crc, self->limit, self->max_size, &self->frame, args[2],
                    &scan, others, &rows, &consumed);
    PyBuffer_Release(&view);
    if (array && PyList_GET_SIZE(others) == 0) {
        PyObject *argv[2] = {PyLong_FromVoidPtr(PyCapsule_GetPointer(array, ARRAY_CAPSULE)),
                             self->schema};
        if (argv[0])
            batch = PyObject_Vectorcall(self->importer, argv, 2, NULL);
        Py_XDECREF(argv[0]);
    }
    else if (array)
        batch = Py_NewRef(Py_None);
    Py_XDECREF(array); /* frees the struct the import moved the array out of */
    Py_XDECREF(others);
    if (!batch && PyErr_ExceptionMatches(self->declined)) {
        PyErr_Clear();
        batch = Py_NewRef(Py_None);
    }
    return batch;
}

static PyTypeObject ArrowReaderType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "kformat.engine._native.ArrowReader",
    .tp_basicsize = sizeof(ArrowReader),
    .tp_dealloc = (destructor)reader_dealloc,
    .tp_vectorcall_offset = offsetof(ArrowReader, vectorcall),
    .tp_call = PyVectorcall_Call,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_doc = "arrow_reader(...)(data): a prepared arrow_export and import (see arrow_reader).",
    .tp_traverse = (traverseproc)reader_traverse,
    .tp_clear = (inquiry)reader_clear,
};

/* arrow_reader(sink, schema, importer, declined, verify, flag_crc, limit, max_batch_size,
 *              frame) -> reader */
static PyObject *
arrow_reader(PyObject *self, PyObject *args)
{
    PyObject *sink, *schema, *importer, *declined, *limit, *frame;
    long long max_size;
    int verify, flag_crc;
    Frame f;
    if (!PyArg_ParseTuple(args, "O!OOOppOLO!", &PyCapsule_Type, &sink, &schema, &importer,
                          &declined, &verify, &flag_crc, &limit, &max_size, &PyTuple_Type,
                          &frame))
        return NULL;
    if (!PyCapsule_GetPointer(sink, SINK_CAPSULE) || frame_parse(frame, &f) < 0)
        return NULL;
    if (!PyCallable_Check(importer)) {
        PyErr_SetString(PyExc_TypeError, "arrow_reader: the importer must be callable");
        return NULL;
    }
    if (!(ArrowReaderType.tp_flags & Py_TPFLAGS_READY) && PyType_Ready(&ArrowReaderType) < 0)
        return NULL;
    ArrowReader *r = PyObject_GC_New(ArrowReader, &ArrowReaderType);
    if (!r)
        return NULL;
    r->vectorcall = (vectorcallfunc)reader_call;
    r->sink = Py_NewRef(sink);
    r->schema = Py_NewRef(schema);
    r->importer = Py_NewRef(importer);
    r->declined = Py_NewRef(declined);
    r->limit = limit == Py_None ? NULL : Py_NewRef(limit);
    r->max_size = max_size;
    r->verify = verify;
    r->flag_crc = flag_crc;
    r->frame = f;
    PyObject_GC_Track(r);
    return (PyObject *)r;
}

/* What step s writes to, by name: a number's field, a blob's column (or list child), an
 * array's list column; None when nothing. */
static PyObject *
step_target(const Walker *w, const Step *s)
{
    PyObject *name = NULL;
    if (s->op <= S_VARLONG && s->reg < w->nregs)
        name = w->reg_names[s->reg];
    else if (s->op == S_BLOB && s->sink >= 0) {
        name = w->blob_names[s->sink];
        for (int l = 0; l < w->nlists && !name; l++) {
            for (int c = 0; c < w->lists[l].nchildren; c++) {
                if (w->lists[l].children[c] == s->sink)
                    name = w->lists[l].names[c];
            }
        }
    }
    else if ((s->op == S_ARRAY || s->op == S_NEXT) && s->sink >= 0)
        name = w->list_names[s->sink];
    return Py_NewRef(name ? name : Py_None);
}

/* arrow_program(sink) -> the row program, a tuple of steps (kind, prefix, nullable, text,
 * target, jump, min_size): kind is the step's name, target step_target's */
static PyObject *
arrow_program(PyObject *self, PyObject *capsule)
{
    static const char *const kinds[S_KINDS] = {
        "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "bool", "uvarint",
        "varint", "varlong", "blob", "region", "region_end", "array", "next", "row",
    };
    Sink *sink = PyCapsule_GetPointer(capsule, SINK_CAPSULE);
    if (!sink)
        return NULL;
    const Walker *w = &sink->w;
    PyObject *out = PyTuple_New(w->nsteps);
    for (int i = 0; out && i < w->nsteps; i++) {
        const Step *s = &w->steps[i];
        PyObject *step = Py_BuildValue("(siiiNiL)", kinds[s->op], s->prefix, s->nullable,
                                       s->text, step_target(w, s), s->jump,
                                       (long long)s->min_size);
        if (!step)
            Py_CLEAR(out);
        else
            PyTuple_SET_ITEM(out, i, step);
    }
    return out;
}

/* arrow_live() -> the number of arrays exported and not yet released */
static PyObject *
arrow_live(PyObject *self, PyObject *unused)
{
    return PyLong_FromLong(atomic_load(&live_arrays));
}

PyMethodDef columnar_methods[] = {
    {"arrow_live", arrow_live, METH_NOARGS,
     "arrow_live() -> int: arrays exported by arrow_export and not yet released."},
    {"arrow_sink", arrow_sink, METH_VARARGS,
     "arrow_sink(plan, spec, rows_field, skip, program=True, legacy=None) -> sink: the plan "
     "compiled against a column spec (kformat/outputs/arrow_native.py), for arrow_export; "
     "program: a row's plan is flattened into a row program (else rows are walked node by "
     "node); legacy: (magic 0/1 entry plan, column specs, minimum lengths), for magic 0/1 "
     "entries."},
    {"arrow_reader", arrow_reader, METH_VARARGS,
     "arrow_reader(sink, schema, importer, declined, verify, flag_crc, limit, "
     "max_batch_size, frame) -> reader: reader(data, position, options) is "
     "arrow_export(sink, data, position, ..., options) with these arguments, imported by "
     "importer(address, schema); None when data holds batches of other magics or the call "
     "raised one of declined (a class or tuple)."},
    {"arrow_program", arrow_program, METH_O,
     "arrow_program(sink) -> tuple: the sink's row program, steps (kind, prefix, nullable, "
     "text, target, jump, min_size); empty when rows are walked node by node."},
    {"arrow_export", arrow_export, METH_VARARGS,
     "arrow_export(sink, data, position, verify, flag_crc, limit, max_batch_size, "
     "frame, options, scan=False, max_rows=0, max_bytes=0) -> (rows, others, capsule, "
     "address, consumed, entries): the batches in data as a struct ArrowArray (Arrow's C "
     "data interface) at address, owned by capsule until imported; others lists the "
     "batches of other magics stepped over (a sink without the legacy plan), as (position, "
     "size, rows before); frame says how entries are framed (kformat/records/framing.py); "
     "scan: read only the entries that start data and frame plausibly, up to the one that "
     "reaches max_rows announced records or max_bytes bytes; consumed and entries: the "
     "bytes and entries read."},
    {NULL, NULL, 0, NULL},
};
