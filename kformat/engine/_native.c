/* kformat's native engine: one interpreter of plans, for parse and build.
 *
 * A plan is data derived from a grammar by kformat/engine/plan.py (see docs/architecture.md,
 * "The native engine"): nested tuples whose first item is an opcode. Nothing here knows a
 * Kafka structure; the grammars stay the only declarations.
 *
 * Safety: every read is bounds-checked against the end of the current region, every length
 * and count is checked against the bytes left before any allocation or loop, varints are
 * bounded (5 bytes for 32 bits, 10 for 64), nesting is bounded (MAX_DEPTH). Any failure
 * raises _native.Fallback: the Python layer then runs the interpreter, which raises the
 * precise KFormatError (class, field path, absolute offset) or, on build, accepts the value
 * forms this engine does not handle itself (tuples for structs, bytearrays...).
 *
 * The plan format's constants, the plan accessors and the bounds-checked readers are in
 * native.h, shared with the extension's other C files (setup.py lists them).
 */
#include "native.h"

/* The digest of the C files this was built from (setup.py; kformat.engine.sources). */
#ifndef KFORMAT_SOURCE_DIGEST
#define KFORMAT_SOURCE_DIGEST ""
#endif
#include "record.h"
#include <math.h>

PyObject *Fallback;               /* _native.Fallback (native.h) */
static PyObject *uuid_type;       /* uuid.UUID */
static PyObject *safe_unknown;    /* uuid.SafeUUID.unknown */
static PyObject *deepcopy;        /* copy.deepcopy */
static PyObject *str_int, *str_is_safe, *str_raw, *str_unknown_tags, *str_defaults_on_wire;

/* CPython's cached small ints, found when the module loads (see int_value in native.h). */
const char *small_ints;
Py_ssize_t small_stride;
int small_shift = -1;

static void
find_small_ints(void)
{
    PyObject *zero = PyLong_FromLong(0), *one = PyLong_FromLong(1);
    if (!zero || !one) {
        PyErr_Clear();
        goto done;
    }
    Py_ssize_t stride = (const char *)one - (const char *)zero;
    if (stride <= 0)
        goto done;
    for (long i = 0; i < SMALL_INTS; i++) {
        PyObject *n = PyLong_FromLong(i);
        int ok = n && (const char *)n == (const char *)zero + i * stride;
        Py_XDECREF(n);
        if (!ok) {
            PyErr_Clear();
            goto done;
        }
    }
    small_ints = (const char *)zero;
    small_stride = stride;
    for (int shift = 0; shift < 16; shift++) {
        if (((Py_ssize_t)1 << shift) == stride)
            small_shift = shift;
    }
    for (int shift = 0; shift < 16; shift++) {
        if (((Py_ssize_t)1 << shift) == stride)
            small_shift = shift;
    }
done:
    Py_XDECREF(zero);
    Py_XDECREF(one);
}

/* ------------------------------------------------------------------------------ reading */

static PyObject *
copy_default(PyObject *value)
{
    PyTypeObject *t = Py_TYPE(value);
    /* the immutable types of kformat.primitives.reading.IMMUTABLE_DEFAULTS */
    if (value == Py_None || t == &PyBool_Type || t == &PyLong_Type || t == &PyUnicode_Type ||
        t == &PyBytes_Type || t == &PyFloat_Type || (PyObject *)t == uuid_type)
        return Py_NewRef(value);
    if (t == &PyList_Type && PyList_GET_SIZE(value) == 0)
        return PyList_New(0);
    return PyObject_CallOneArg(deepcopy, value);
}

/* A uuid.UUID from 16 big-endian bytes, made as UUID(bytes=...) makes it (int, is_safe
 * unknown) without running its __init__. UUIDs are immutable and hold an int and an enum
 * member: they cannot be in a reference cycle, so the GC need not track them. */
static PyObject *
uuid_from(const uint8_t *p)
{
    PyObject *value = _PyLong_FromByteArray(p, 16, 0, 0);
    if (!value)
        return NULL;
    PyObject *obj = ((PyTypeObject *)uuid_type)->tp_alloc((PyTypeObject *)uuid_type, 0);
    if (obj && (PyObject_GenericSetAttr(obj, str_int, value) < 0 ||
                PyObject_GenericSetAttr(obj, str_is_safe, safe_unknown) < 0))
        Py_CLEAR(obj);
    Py_DECREF(value);
    if (obj && PyObject_IS_GC(obj))
        PyObject_GC_UnTrack(obj);
    return obj;
}

/* untracked(): what the cyclic GC need not see. A parsed list of numbers, strings or bytes,
 * and a parsed struct whose values are all untracked (numbers, strings, such lists...), cannot
 * be part of a reference cycle when returned, so they are returned untracked by the GC (as
 * CPython itself does for dicts and tuples of atomic values): the GC never walks the bulk of
 * a large parsed message. A dict is tracked again by CPython as soon as a container is
 * inserted into it; a list is not, so a reference cycle made *through a parsed list* by the
 * caller is not collected (docs/architecture.md). */

static PyObject *parse_node(Reader *r, PyObject *plan);
static PyObject *parse_blob(Reader *r, long prefix, int nullable, int text);
static int parse_struct_into(Reader *r, PyObject *plan, PyObject *dict);
static int parse_tagged_into(Reader *r, PyObject *plan, PyObject *dict);

static int exact_int(PyObject *value, int64_t lo, int64_t hi, int64_t *out);

/* The int an earlier field of the struct ctx holds, within [lo, hi]; Fallback(missing) when
 * ctx has no field name. */
static int
ctx_field_int(PyObject *ctx, PyObject *name, int64_t lo, int64_t hi, const char *missing,
              int64_t *out)
{
    PyObject *value = ctx ? PyDict_GetItemWithError(ctx, name) : NULL;
    if (!value) {
        if (PyErr_Occurred())
            return -1;
        return fail(missing);
    }
    return exact_int(value, lo, hi, out);
}

/* The count an earlier field of the current struct holds (KArray(..., count=this.name)). */
int
count_field(PyObject *ctx, PyObject *name, int64_t *out)
{
    return ctx_field_int(ctx, name, 0, INT64_MAX, "count field missing", out);
}

/* An int field of ctx (an exact int within int64): a batch's fields. */
static int
ctx_int(PyObject *ctx, PyObject *name, int64_t *out)
{
    return ctx_field_int(ctx, name, INT64_MIN, INT64_MAX, "batch field missing", out);
}

/* The CRC a plan's checksum function computes over data[0:n] (an unsigned 32-bit int). */
int
checksum(PyObject *function, const void *data, Py_ssize_t n, uint32_t *out)
{
    int algorithm = kf_crc_algorithm(function);
    if (algorithm >= 0) { /* the extension's own: no Python call */
        *out = kf_crc(algorithm, data, n);
        return 0;
    }
    PyObject *view = PyMemoryView_FromMemory((char *)data, n, PyBUF_READ);
    if (!view)
        return -1;
    PyObject *crc = PyObject_CallOneArg(function, view);
    Py_DECREF(view);
    if (!crc)
        return -1;
    unsigned long v = PyLong_Check(crc) ? PyLong_AsUnsignedLong(crc) : (unsigned long)-1;
    Py_DECREF(crc);
    if (PyErr_Occurred() || v > 0xFFFFFFFFul) {
        PyErr_Clear();
        return fail("checksum function");
    }
    *out = (uint32_t)v;
    return 0;
}

/* (OP_CRC, name, checksum function, verify, struct plan): the stored CRC, checked over the
 * rest of the region, then the struct it covers, merged into dict. */
static int
parse_crc_into(Reader *r, PyObject *plan, PyObject *dict)
{
    if (need(r, 4) < 0)
        return -1;
    uint32_t stored = be32(r->buf + r->pos), computed;
    r->pos += 4;
    if (PyTuple_GET_ITEM(plan, 3) == Py_True && r->verify) {
        if (checksum(PyTuple_GET_ITEM(plan, 2), r->buf + r->pos, r->end - r->pos,
                     &computed) < 0)
            return -1;
        if (computed != stored)
            return fail("CRC mismatch");
    }
    PyObject *crc = PyLong_FromUnsignedLong(stored);
    int rc = crc ? PyDict_SetItem(dict, PyTuple_GET_ITEM(plan, 1), crc) : -1;
    Py_XDECREF(crc);
    if (rc < 0)
        return -1;
    return parse_struct_into(r, PyTuple_GET_ITEM(plan, 4), dict);
}

/* The codec a Compressed block reads from an earlier field: ctx[field] & mask (the field may
 * be negative: an int16 attributes with bit 15 set). */
static int
codec_of(PyObject *ctx, PyObject *plan, int64_t *out)
{
    int64_t value;
    if (ctx_int(ctx, PyTuple_GET_ITEM(plan, 1), &value) < 0)
        return -1;
    *out = value & int_at(plan, 2);
    return 0;
}

/* The bytearrays decompression writes into, kept across batches (PLAIN_SLOTS of them, each at
 * most PLAIN_KEEP bytes; a bigger one is freed): a fresh buffer of a few hundred KiB is a
 * fresh mapping from the allocator, and faulting its pages in costs several times the
 * decompression. A buffer is taken for one decompressed region and given back when the region
 * has been read, only if nothing else holds or exports it. Taking and giving back run with
 * the GIL held and call no Python code in between; a nested region or another thread's finds
 * no free slot and takes a new buffer. */
#define PLAIN_SLOTS 2
#define PLAIN_KEEP ((Py_ssize_t)4 << 20)
static PyObject *plain_kept[PLAIN_SLOTS];

static PyObject *
plain_take(void)
{
    for (int i = 0; i < PLAIN_SLOTS; i++) {
        if (plain_kept[i]) {
            PyObject *buffer = plain_kept[i];
            plain_kept[i] = NULL;
            return buffer;
        }
    }
    return PyByteArray_FromStringAndSize(NULL, 0);
}

static void
plain_give_back(PyObject *buffer)
{
    if (buffer && PyByteArray_CheckExact(buffer) && Py_REFCNT(buffer) == 1 &&
        ((PyByteArrayObject *)buffer)->ob_exports == 0 &&
        PyByteArray_GET_SIZE(buffer) <= PLAIN_KEEP) {
        for (int i = 0; i < PLAIN_SLOTS; i++) {
            if (!plain_kept[i]) {
                plain_kept[i] = buffer;
                return;
            }
        }
    }
    Py_XDECREF(buffer);
}

/* A memoryview of r's region that keeps r->owner alive (so the callee may keep it), or NULL
 * without an exception when there is no usable owner. */
static PyObject *
region_view(Reader *r)
{
    if (!r->owner)
        return NULL;
    PyObject *whole = PyMemoryView_FromObject(r->owner);
    if (!whole) {
        PyErr_Clear();
        return NULL;
    }
    Py_buffer *b = PyMemoryView_GET_BUFFER(whole);
    PyObject *view = NULL;
    if (b->buf == (const void *)r->buf && b->ndim == 1 && b->itemsize == 1 &&
        PyBuffer_IsContiguous(b, 'C') && r->end <= b->len) {
        view = PySequence_GetSlice(whole, r->pos, r->end);
        if (!view)
            PyErr_Clear();
    }
    Py_DECREF(whole);
    return view;
}


/* (OP_COMPRESSED, codec field, mask, magic, decompress, limit, plan): the rest of the region,
 * compressed with the codec ctx[field] & mask selects; decompress(codec, data, buffer, limit,
 * magic) is the records layer's (capped) decompress_into: data a view of the region (a bytes
 * copy when r has no owner), buffer a kept bytearray; it answers the plain bytes, or their
 * size n when they are buffer[:n]. The plan must consume them exactly. */
int
decompress_open(Reader *r, PyObject *plan, int64_t codec, Plain *p)
{
    return decompress_with(r, PyTuple_GET_ITEM(plan, 4), PyTuple_GET_ITEM(plan, 5),
                           PyTuple_GET_ITEM(plan, 3), codec, p);
}

int
decompress_with(Reader *r, PyObject *function, PyObject *default_limit, PyObject *magic,
                int64_t codec, Plain *p)
{
    memset(p, 0, sizeof *p);
    PyObject *data = region_view(r);
    if (!data)
        data = PyBytes_FromStringAndSize((const char *)r->buf + r->pos, r->end - r->pos);
    PyObject *buffer = data ? plain_take() : NULL;
    PyObject *code = buffer ? PyLong_FromLongLong(codec) : NULL;
    PyObject *answer = NULL;
    if (code) {
        PyObject *args[5] = {code, data, buffer, r->limit ? r->limit : default_limit, magic};
        answer = PyObject_Vectorcall(function, args, 5, NULL);
    }
    Py_XDECREF(code);
    Py_XDECREF(data);
    if (!answer) {
        plain_give_back(buffer);
        return -1;
    }
    if (PyBytes_CheckExact(answer)) {
        plain_give_back(buffer);
        p->holder = answer;
        p->buf = (const uint8_t *)PyBytes_AS_STRING(answer);
        p->len = PyBytes_GET_SIZE(answer);
    }
    else {
        Py_ssize_t n = PyLong_CheckExact(answer) ? PyLong_AsSsize_t(answer) : -1;
        Py_DECREF(answer);
        if (n == -1)
            PyErr_Clear();
        if (!PyByteArray_CheckExact(buffer)) { /* cannot be: plain_take makes bytearrays */
            Py_DECREF(buffer);
            return fail("decompression buffer");
        }
        p->holder = buffer; /* pinned: it cannot be resized while the region is read */
        if (PyObject_GetBuffer(buffer, &p->pin, PyBUF_SIMPLE) < 0) {
            p->holder = NULL;
            Py_DECREF(buffer);
            return -1;
        }
        p->pinned = 1;
        if (n < 0 || n > p->pin.len) {
            decompress_close(p);
            return fail("decompressed size outside the buffer");
        }
        p->buf = (const uint8_t *)p->pin.buf;
        p->len = n;
    }
    r->pos = r->end;
    return 0;
}

void
decompress_close(Plain *p)
{
    if (p->pinned)
        PyBuffer_Release(&p->pin);
    p->pinned = 0;
    PyObject *holder = p->holder;
    p->holder = NULL;
    p->buf = NULL;
    p->len = 0;
    if (holder && PyByteArray_CheckExact(holder))
        plain_give_back(holder);
    else
        Py_XDECREF(holder);
}

PyObject *
decompress_region(Reader *r, PyObject *plan, int64_t codec)
{
    Plain p;
    if (decompress_open(r, plan, codec, &p) < 0)
        return NULL;
    PyObject *plain = PyBytes_CheckExact(p.holder)
                          ? Py_NewRef(p.holder)
                          : PyBytes_FromStringAndSize((const char *)p.buf, p.len);
    decompress_close(&p);
    return plain;
}

static PyObject *
parse_compressed(Reader *r, PyObject *plan)
{
    int64_t codec;
    if (codec_of(r->ctx, plan, &codec) < 0)
        return NULL;
    PyObject *element = PyTuple_GET_ITEM(plan, 6);
    if (codec == 0) {
        PyObject *value = parse_node(r, element);
        if (value && r->pos != r->end) {
            Py_DECREF(value);
            return fail_null("region not consumed");
        }
        return value;
    }
    Plain plain;
    if (decompress_open(r, plan, codec, &plain) < 0)
        return NULL;
    Reader inner = {plain.buf, 0, plain.len, r->depth, r->tracked, r->ctx, r->verify, r->limit,
                    r->up, plain.holder};
    PyObject *value = parse_node(&inner, element);
    if (value && inner.pos != inner.end) {
        Py_CLEAR(value);
        fail("decompressed region not consumed");
    }
    r->tracked = inner.tracked;
    decompress_close(&plain);
    return value;
}

/* ------------------------------------------------------------- references and checks */

/* The int a reference (levels, name) names: field name of the struct levels out. */
static int
ref_int(PyObject *ctx, const Scope *up, PyObject *ref, int64_t *out)
{
    return ctx_int(scope_dict(ctx, up, int_at(ref, 0)), PyTuple_GET_ITEM(ref, 1), out);
}

/* (OP_CHECKED, plan, mask, allowed, equals, clear): v & mask is one of allowed (when any),
 * v equals the field equals names (when not None), and on build the bits clear gives for
 * the value of its field are 0 in v. */
static int
check_int(PyObject *ctx, const Scope *up, PyObject *plan, int64_t v, int building)
{
    PyObject *allowed = PyTuple_GET_ITEM(plan, 3);
    Py_ssize_t n = PyTuple_GET_SIZE(allowed), i;
    if (n) {
        int64_t masked = v & (int64_t)int_at(plan, 2);
        for (i = 0; i < n && int_at(allowed, i) != masked; i++)
            ;
        if (i == n)
            return fail("value not allowed");
    }
    PyObject *equals = PyTuple_GET_ITEM(plan, 4);
    if (equals != Py_None) {
        int64_t other;
        if (ref_int(ctx, up, equals, &other) < 0)
            return -1;
        if (other != v)
            return fail("value differs from the field it must equal");
    }
    PyObject *clear = PyTuple_GET_ITEM(plan, 5);
    if (building && clear != Py_None) {
        int64_t key;
        if (ref_int(ctx, up, PyTuple_GET_ITEM(clear, 0), &key) < 0)
            return -1;
        PyObject *pairs = PyTuple_GET_ITEM(clear, 1);
        Py_ssize_t m = PyTuple_GET_SIZE(pairs);
        for (i = 0; i < m && int_at(PyTuple_GET_ITEM(pairs, i), 0) != key; i++)
            ;
        if (i == m)
            return fail("no bits to check for this value");
        if (v & (int64_t)int_at(PyTuple_GET_ITEM(pairs, i), 1))
            return fail("bits that must be clear are set");
    }
    return 0;
}

/* (OP_IF, reference, value, then, else): the plan the condition selects (None: Pass). */
static int
if_branch(PyObject *ctx, const Scope *up, PyObject *plan, PyObject **branch)
{
    int64_t v;
    if (ref_int(ctx, up, PyTuple_GET_ITEM(plan, 1), &v) < 0)
        return -1;
    int overflow;
    long long want = PyLong_AsLongLongAndOverflow(PyTuple_GET_ITEM(plan, 2), &overflow);
    if (want == -1 && PyErr_Occurred())
        return -1;
    *branch = PyTuple_GET_ITEM(plan, !overflow && v == want ? 3 : 4);
    return 0;
}

/* (OP_WRAPPED, prefix, value name, inner name, codec field, mask, magic field, decompress,
 * limit, inner plan, compress): a nullable blob, flattened into dict as {value: bytes,
 * inner: None}; when the codec (ctx[codec field] & mask) is not 0, the blob is decompressed
 * by the plan's (capped) decompress(codec, data, limit=, magic=) and the inner plan read
 * from it, exactly, in the scope of the struct holding the blob. */
static int
parse_wrapped_into(Reader *r, PyObject *plan, PyObject *dict)
{
    int64_t codec, n;
    if (ctx_int(r->ctx, PyTuple_GET_ITEM(plan, 4), &codec) < 0)
        return -1;
    codec &= int_at(plan, 5);
    PyObject *magic = r->ctx ? PyDict_GetItemWithError(r->ctx, PyTuple_GET_ITEM(plan, 6)) : NULL;
    if (!magic)
        return PyErr_Occurred() ? -1 : fail("magic field missing");
    Py_ssize_t start = r->pos;
    if (read_length(r, int_at(plan, 1), &n) < 0)
        return -1;
    if (n >= 0 && need(r, (Py_ssize_t)n) < 0)
        return -1;
    r->pos = start;
    PyObject *raw = parse_blob(r, int_at(plan, 1), 1, 0);
    if (!raw)
        return -1;
    PyObject *inner = NULL;
    if (codec == 0)
        inner = Py_NewRef(Py_None);
    else if (raw == Py_None)
        fail("a compressed value is null");
    else {
        /* the blob's bytes decompressed into a kept buffer, as COMPRESSED does */
        Reader blob = *r;
        blob.pos = r->pos - (Py_ssize_t)n;
        blob.end = r->pos;
        Plain plain;
        if (decompress_with(&blob, PyTuple_GET_ITEM(plan, 7), PyTuple_GET_ITEM(plan, 8), magic,
                            codec, &plain) == 0) {
            Reader sub = {plain.buf, 0, plain.len, r->depth, 0, r->ctx, r->verify, r->limit,
                          r->up, plain.holder};
            inner = parse_node(&sub, PyTuple_GET_ITEM(plan, 9));
            if (inner && sub.pos != sub.end) {
                Py_CLEAR(inner);
                fail("decompressed value not consumed");
            }
            decompress_close(&plain);
        }
    }
    int rc = -1;
    if (inner) {
        r->tracked |= PyObject_GC_IsTracked(inner);
        rc = PyDict_SetItem(dict, PyTuple_GET_ITEM(plan, 2), raw) < 0 ||
                     PyDict_SetItem(dict, PyTuple_GET_ITEM(plan, 3), inner) < 0
                 ? -1
                 : 0;
    }
    Py_DECREF(raw);
    Py_XDECREF(inner);
    return rc;
}

/* (OP_FACTORY, struct plan, factory): the struct's values in field order, given to factory
 * as positional arguments, or made a tuple when factory is None (CompiledGrammar's
 * factories). The struct holds named fields only (checked when lowered). */
#define MAX_FACTORY_FIELDS 16
static PyObject *
parse_factory(Reader *r, PyObject *plan)
{
    PyObject *fields = PyTuple_GET_ITEM(PyTuple_GET_ITEM(plan, 1), 1);
    Py_ssize_t n = PyTuple_GET_SIZE(fields);
    PyObject *values[MAX_FACTORY_FIELDS];
    if (n > MAX_FACTORY_FIELDS)
        return fail_null("factory struct too wide");
    if (++r->depth > MAX_DEPTH)
        return fail_null("nested too deeply");
    PyObject *ctx_before = r->ctx;
    int tracked_before = r->tracked;
    Scope scope = {r->ctx, r->up};
    r->up = &scope;
    r->ctx = NULL; /* no dict: a count from a field of this struct falls back */
    r->tracked = 0;
    Py_ssize_t got = 0;
    for (; got < n; got++) {
        values[got] = parse_node(r, PyTuple_GET_ITEM(PyTuple_GET_ITEM(fields, got), 2));
        if (!values[got])
            break;
        r->tracked |= PyObject_GC_IsTracked(values[got]);
    }
    PyObject *out = NULL;
    if (got == n) {
        PyObject *factory = PyTuple_GET_ITEM(plan, 2);
        if (factory == Py_None) {
            out = PyTuple_New(n);
            for (Py_ssize_t i = 0; out && i < n; i++) {
                PyTuple_SET_ITEM(out, i, values[i]);
                values[i] = NULL;
            }
            if (out && !r->tracked)
                PyObject_GC_UnTrack(out);
        }
        else
            out = PyObject_Vectorcall(factory, values, (size_t)n, NULL);
    }
    for (Py_ssize_t i = 0; i < got; i++)
        Py_XDECREF(values[i]);
    r->ctx = ctx_before;
    r->up = scope.up;
    r->tracked = tracked_before;
    r->depth--;
    return out;
}

/* ------------------------------------------------------------------------------ records */

/* (OP_RECORD, struct plan, record type, slots, batch fields, log-append flag): a struct that
 * becomes a native Record (kformat/records/shape.py declares which). slots[i] is the Record
 * field struct field i fills (record.h's KF_* order); batch fields name, in the enclosing
 * struct (r->ctx), the base offset, base timestamp, max timestamp and attributes the
 * absolute offset and timestamp are made from:
 *     offset = base_offset + offset_delta
 *     timestamp = max_timestamp if attributes & flag (LogAppendTime) else base_timestamp +
 *                 timestamp_delta; timestamp_type = 1 if LogAppendTime else 0
 * A RecordLayout is the node read once per array of records: its fields' opcodes and slots
 * as C values and the batch's bases. */
/* The integer nodes (plan.py Op): the values each holds and its size on the wire (0: a
 * varint; hi 0: not an integer node). */
typedef struct {
    int64_t lo, hi;
    int size;
} IntForm;

static const IntForm int_forms[OP_VARLONG + 1] = {
    [OP_INT8] = {INT8_MIN, INT8_MAX, 1},       [OP_UINT8] = {0, UINT8_MAX, 1},
    [OP_INT16] = {INT16_MIN, INT16_MAX, 2},    [OP_UINT16] = {0, UINT16_MAX, 2},
    [OP_INT32] = {INT32_MIN, INT32_MAX, 4},    [OP_UINT32] = {0, UINT32_MAX, 4},
    [OP_INT64] = {INT64_MIN, INT64_MAX, 8},    [OP_UVARINT] = {0, UINT32_MAX, 0},
    [OP_VARINT] = {INT32_MIN, INT32_MAX, 0},   [OP_VARLONG] = {INT64_MIN, INT64_MAX, 0},
};

/* The form of integer node op, or NULL. */
static inline const IntForm *
int_form(long op)
{
    return op >= 0 && op <= OP_VARLONG && int_forms[op].hi ? &int_forms[op] : NULL;
}

#define MAX_RECORD_FIELDS 16

typedef struct {
    int slot;
    long op;
    const IntForm *form; /* integer nodes: int_form(op); NULL otherwise */
    long prefix;  /* blobs and arrays */
    int nullable; /* blobs */
    PyObject *plan;
} RecordField;

typedef struct {
    Py_ssize_t n;
    RecordField f[MAX_RECORD_FIELDS];
    /* headers: ARRAY of FACTORY tuple of (STRING, BYTES): read without the interpreter */
    int headers_direct;
    RecordField header_key, header_value;
    long header_min;
    kf_wide base_offset, base_timestamp, max_timestamp;
    int log_append;
    unsigned char step[MAX_RECORD_FIELDS]; /* how parse_record reads each field (RS_*) */
} RecordLayout;

/* The bases of the records of the batch ctx (the enclosing struct) into layout. */
static int
record_base(PyObject *ctx, PyObject *plan, RecordLayout *layout)
{
    PyObject *names = PyTuple_GET_ITEM(plan, 4);
    int64_t offset, timestamp, max_timestamp, attributes;
    if (ctx_int(ctx, PyTuple_GET_ITEM(names, 0), &offset) < 0 ||
        ctx_int(ctx, PyTuple_GET_ITEM(names, 1), &timestamp) < 0 ||
        ctx_int(ctx, PyTuple_GET_ITEM(names, 2), &max_timestamp) < 0 ||
        ctx_int(ctx, PyTuple_GET_ITEM(names, 3), &attributes) < 0)
        return -1;
    layout->base_offset = offset;
    layout->base_timestamp = timestamp;
    layout->max_timestamp = max_timestamp;
    layout->log_append = (attributes & int_at(plan, 5)) != 0;
    return 0;
}

static void
describe_field(RecordField *f, PyObject *plan)
{
    f->plan = plan;
    f->op = op_of(plan);
    f->form = int_form(f->op);
    if (f->op == OP_STRING || f->op == OP_BYTES || f->op == OP_ARRAY) {
        f->prefix = int_at(plan, 1);
        f->nullable = PyTuple_GET_ITEM(plan, 2) == Py_True;
    }
}

static int
is_int_op(long op)
{
    return (op >= OP_INT8 && op <= OP_UINT32) || (op >= OP_UVARINT && op <= OP_VARLONG);
}

/* How parse_record reads each field of a RecordLayout (record_steps): signed varints and
 * fixed-width ints into their slot, a bytes field, the headers. */
enum { RS_VARINT, RS_VARLONG, RS_FIXED, RS_INT, RS_BLOB, RS_HEADERS };

static void
record_steps(RecordLayout *layout)
{
    for (Py_ssize_t i = 0; i < layout->n; i++) {
        RecordField *f = &layout->f[i];
        long op = f->op;
        layout->step[i] = f->slot == KF_KEY || f->slot == KF_VALUE ? RS_BLOB
                          : f->slot == KF_HEADERS ? RS_HEADERS
                          : op == OP_VARINT ? RS_VARINT
                          : op == OP_VARLONG ? RS_VARLONG
                          : op >= OP_INT8 && op <= OP_UINT32 ? RS_FIXED : RS_INT;
    }
}

/* The layout of a RECORD node (its bases from ctx); -1 (Fallback) for a plan it cannot run.
 * Release with layout_clear. */
static int
record_layout(PyObject *plan, PyObject *ctx, RecordLayout *layout)
{
    memset(layout, 0, sizeof *layout);
    PyObject *fields = PyTuple_GET_ITEM(PyTuple_GET_ITEM(plan, 1), 1);
    PyObject *slots = PyTuple_GET_ITEM(plan, 3);
    Py_ssize_t n = PyTuple_GET_SIZE(fields);
    if (n > MAX_RECORD_FIELDS || PyTuple_GET_SIZE(slots) != n)
        return fail("record plan: slots differ from the struct's fields");
    unsigned seen = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        RecordField *f = &layout->f[i];
        f->slot = (int)int_at(slots, i);
        describe_field(f, PyTuple_GET_ITEM(PyTuple_GET_ITEM(fields, i), 2));
        int ok;
        switch (f->slot) {
        case KF_KEY:
        case KF_VALUE:
            ok = f->op == OP_BYTES;
            break;
        case KF_HEADERS:
            ok = f->op == OP_ARRAY && !f->nullable && int_at(f->plan, 4) > 0;
            break;
        case KF_ATTRIBUTES:
        case KF_OFFSET_DELTA:
        case KF_TIMESTAMP_DELTA:
            ok = is_int_op(f->op);
            break;
        default:
            ok = 0;
        }
        if (!ok || (seen & (1u << f->slot)))
            return fail("record plan: a field the Record cannot take");
        seen |= 1u << f->slot;
        if (f->slot != KF_HEADERS)
            continue;
        layout->header_min = int_at(f->plan, 4);
        if (layout->header_min > INT32_MAX)
            return fail("record plan: headers' minimum size out of range");
        PyObject *element = PyTuple_GET_ITEM(f->plan, 3);
        if (op_of(element) == OP_FACTORY && PyTuple_GET_ITEM(element, 2) == Py_None) {
            PyObject *pair = PyTuple_GET_ITEM(PyTuple_GET_ITEM(element, 1), 1);
            if (PyTuple_GET_SIZE(pair) == 2) {
                describe_field(&layout->header_key,
                               PyTuple_GET_ITEM(PyTuple_GET_ITEM(pair, 0), 2));
                describe_field(&layout->header_value,
                               PyTuple_GET_ITEM(PyTuple_GET_ITEM(pair, 1), 2));
                layout->headers_direct = layout->header_key.op == OP_STRING &&
                                         !layout->header_key.nullable &&
                                         layout->header_value.op == OP_BYTES;
            }
        }
    }
    layout->n = n;
    record_steps(layout);
    return record_base(ctx, plan, layout);
}

static void
layout_clear(RecordLayout *layout)
{
    (void)layout; /* nothing owned today; kept so every user releases a layout */
}

/* An integer node read into *out without making a Python int. */
static int
read_int(Reader *r, long op, int64_t *out)
{
    uint64_t u;
    switch (op) {
    case OP_INT8: case OP_INT16: case OP_INT32: case OP_INT64:
    case OP_UINT8: case OP_UINT16: case OP_UINT32:
        return read_fixed_int(r, op, out);
    case OP_UVARINT:
        if (read_uvarint(r, 5, U32_MAX, &u) < 0)
            return -1;
        *out = (int64_t)u;
        return 0;
    case OP_VARINT:
    case OP_VARLONG:
        if (read_uvarint(r, op == OP_VARINT ? 5 : 10, op == OP_VARINT ? U32_MAX : UINT64_MAX,
                         &u) < 0)
            return -1;
        *out = unzigzag(u);
        return 0;
    default:
        return fail("not an integer node");
    }
}

/* A header key's bytes checked as UTF-8 without keeping a str (ASCII, the common case, is
 * a scan of 8 bytes at a time). */
static int
check_utf8(const char *p, Py_ssize_t n)
{
    Py_ssize_t i = 0;
    uint64_t high = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t word;
        memcpy(&word, p + i, 8);
        high |= word;
    }
    for (; i < n; i++)
        high |= (unsigned char)p[i];
    if (!(high & 0x8080808080808080ull))
        return 0;
    PyObject *s = PyUnicode_DecodeUTF8(p, n, "strict");
    if (!s) {
        PyErr_Clear();
        return fail("invalid UTF-8");
    }
    Py_DECREF(s);
    return 0;
}

/* The n bytes of a blob whose length prefix was just read, stepped over: 0 with *p at them,
 * 1 for a null (n < 0, the field nullable), -1 on failure (a null that may not be, or fewer
 * bytes left than n). */
static inline int
take_blob(Reader *r, int64_t n, int nullable, const char **p)
{
    if (n < 0) {
        return nullable ? 1 : fail("null in a non-nullable field");
    }
    if (need(r, (Py_ssize_t)n) < 0)
        return -1;
    *p = (const char *)r->buf + r->pos;
    r->pos += (Py_ssize_t)n;
    return 0;
}

/* A record is read with a cursor (*pp, the next byte; end, the end of its region) that the
 * compiler keeps in registers, rather than through the Reader in memory; the rare forms go
 * through the Reader's functions on a Reader over [*pp, end) (at_cursor, from_cursor). */
static inline Reader
at_cursor(const uint8_t *p, const uint8_t *end)
{
    Reader t = {0};
    t.buf = p;
    t.end = end - p;
    return t;
}

/* A zigzag varint (VARINT, VARLONG, a PFX_VARINT length) of at most max_bytes at *pp: the
 * one- and two-byte forms (most of a record's) inline, the rest by read_uvarint. */
static inline int
cursor_zigzag(const uint8_t **pp, const uint8_t *end, int max_bytes, uint64_t max_value,
              int64_t *out)
{
    const uint8_t *p = *pp;
    if (end - p >= 2) {
        if (p[0] < 0x80) {
            *out = unzigzag(p[0]);
            *pp = p + 1;
            return 0;
        }
        if (p[1] < 0x80) {
            *out = unzigzag((uint64_t)(p[0] & 0x7F) | ((uint64_t)p[1] << 7));
            *pp = p + 2;
            return 0;
        }
    }
    Reader t = at_cursor(p, end);
    uint64_t u;
    if (read_uvarint(&t, max_bytes, max_value, &u) < 0)
        return -1;
    *out = unzigzag(u);
    *pp = p + t.pos;
    return 0;
}

/* read_length at *pp: PFX_VARINT through cursor_zigzag. */
static inline int
cursor_length(const uint8_t **pp, const uint8_t *end, long prefix, int64_t *out)
{
    if (prefix == PFX_VARINT) {
        if (cursor_zigzag(pp, end, 5, U32_MAX, out) < 0)
            return -1;
        return *out < -1 ? fail("negative length") : 0;
    }
    Reader t = at_cursor(*pp, end);
    if (read_length(&t, prefix, out) < 0)
        return -1;
    *pp += t.pos;
    return 0;
}

/* The headers' entries at *pp (a direct plan: STRING keys, BYTES values), count n, stepped
 * over and checked (every length within the region, keys not null and valid UTF-8): they
 * stay raw, copied into the record (record.h), which makes the tuple when they are first
 * read: three objects fewer per header for records whose headers are never looked at. */
static int
scan_raw_headers(const uint8_t **pp, const uint8_t *end, RecordLayout *layout, int64_t n)
{
    const uint8_t *p = *pp;
    for (int64_t j = 0; j < n; j++) {
        int64_t size;
        if (cursor_length(&p, end, layout->header_key.prefix, &size) < 0)
            return -1;
        if (size < 0)
            return fail("null header key");
        if (end - p < size)
            return fail("truncated");
        if (check_utf8((const char *)p, (Py_ssize_t)size) < 0)
            return -1;
        p += size;
        if (cursor_length(&p, end, layout->header_value.prefix, &size) < 0)
            return -1;
        if (size < 0 && !layout->header_value.nullable)
            return fail("null in a non-nullable field");
        if (size > 0) {
            if (end - p < size)
                return fail("truncated");
            p += size;
        }
    }
    *pp = p;
    return 0;
}

/* The headers field at *pp: the empty tuple; NULL with *raw_count set (direct plans: the raw
 * entries, from *raw to the cursor, scan_raw_headers); or (other plans) the tuple read by the
 * element's plan through r (at the cursor, within end). */
static PyObject *
parse_headers(Reader *r, const uint8_t **pp, const uint8_t *end, RecordLayout *layout,
              RecordField *f, int32_t *raw_count, const uint8_t **raw)
{
    int64_t n;
    if (cursor_length(pp, end, f->prefix, &n) < 0)
        return NULL;
    if (n < 0)
        return fail_null("null headers");
    if (n == 0)
        return PyTuple_New(0);
    /* n * header_min (at most 2^62: record_layout caps header_min) rather than a division
     * per record */
    if (n > INT32_MAX)
        return fail_null("too many headers");
    if (n * layout->header_min > end - *pp)
        return fail_null("count larger than the bytes left");
    if (layout->headers_direct) {
        *raw = *pp;
        if (scan_raw_headers(pp, end, layout, n) < 0)
            return NULL;
        *raw_count = (int32_t)n;
        return NULL;
    }
    PyObject *tuple = PyTuple_New((Py_ssize_t)n);
    if (!tuple)
        return NULL;
    PyObject *element = PyTuple_GET_ITEM(f->plan, 3);
    Py_ssize_t end_before = r->end;
    r->pos = *pp - r->buf;
    r->end = end - r->buf;
    for (Py_ssize_t j = 0; j < (Py_ssize_t)n; j++) {
        PyObject *item = parse_node(r, element);
        if (!item) {
            Py_CLEAR(tuple);
            break;
        }
        PyTuple_SET_ITEM(tuple, j, item);
    }
    r->end = end_before;
    *pp = r->buf + r->pos;
    if (tuple && !kf_headers_ok(tuple)) {
        Py_DECREF(tuple);
        return fail_null("headers are not (str, bytes | None) pairs");
    }
    if (tuple)
        PyObject_GC_UnTrack(tuple); /* atomic values only */
    return tuple;
}

/* One record (the struct of a RECORD node) with its batch's layout, read from r->pos within
 * r->buf[:stop]; exact: the record must end at stop (a length-prefixed record's region).
 * r->pos moves past it. */
static PyObject *
parse_record(Reader *r, RecordLayout *layout, Py_ssize_t stop, int exact)
{
    const uint8_t *p = r->buf + r->pos, *end = r->buf + stop;
    int64_t ints[KF_RECORD_FIELDS] = {0}; /* the int fields by slot */
    PyObject *key = NULL, *value = NULL, *headers = NULL;
    int32_t raw_count = 0;
    const uint8_t *raw = NULL;
    for (Py_ssize_t i = 0; i < layout->n; i++) {
        RecordField *f = &layout->f[i];
        switch (layout->step[i]) {
        case RS_VARINT:
            if (cursor_zigzag(&p, end, 5, U32_MAX, &ints[f->slot]) < 0)
                goto error;
            break;
        case RS_VARLONG:
            if (cursor_zigzag(&p, end, 10, UINT64_MAX, &ints[f->slot]) < 0)
                goto error;
            break;
        case RS_FIXED:
        case RS_INT: {
            Reader t = at_cursor(p, end);
            if ((layout->step[i] == RS_FIXED ? read_fixed_int(&t, f->op, &ints[f->slot])
                                             : read_int(&t, f->op, &ints[f->slot])) < 0)
                goto error;
            p += t.pos;
            break;
        }
        case RS_BLOB: {
            int64_t n;
            PyObject *blob;
            if (cursor_length(&p, end, f->prefix, &n) < 0)
                goto error;
            if (n < 0) {
                if (!f->nullable) {
                    fail("null in a non-nullable field");
                    goto error;
                }
                blob = Py_NewRef(Py_None);
            }
            else {
                if (end - p < n) {
                    fail("truncated");
                    goto error;
                }
                if (!(blob = PyBytes_FromStringAndSize((const char *)p, (Py_ssize_t)n)))
                    goto error;
                p += n;
            }
            Py_XSETREF(*(f->slot == KF_KEY ? &key : &value), blob);
            break;
        }
        default: /* RS_HEADERS */
            if (!(headers = parse_headers(r, &p, end, layout, f, &raw_count, &raw)) &&
                !raw_count)
                goto error;
        }
    }
    if (exact && p != end) {
        fail("record region not consumed");
        goto error;
    }
    if (!headers && !raw_count && !(headers = PyTuple_New(0)))
        goto error;
    RecordObject *rec = kf_record_alloc(raw_count ? (Py_ssize_t)(p - raw) : 0);
    if (!rec)
        goto error;
    /* each number written once, straight into the record (a 16-byte copy of a RecordInts
     * just written in 8-byte halves stalls on the store buffer) */
    rec->n.offset_delta = ints[KF_OFFSET_DELTA];
    rec->n.timestamp_delta = ints[KF_TIMESTAMP_DELTA];
    rec->n.offset = layout->base_offset + ints[KF_OFFSET_DELTA];
    rec->n.timestamp = layout->log_append ? layout->max_timestamp
                                          : layout->base_timestamp + ints[KF_TIMESTAMP_DELTA];
    rec->n.attributes = ints[KF_ATTRIBUTES];
    rec->n.timestamp_type = layout->log_append;
    rec->key = key ? key : Py_NewRef(Py_None);
    rec->value = value ? value : Py_NewRef(Py_None);
    if (raw_count) {
        memcpy(rec->raw, raw, (size_t)(p - raw));
        rec->raw_count = raw_count;
        rec->raw_key_prefix = (uint8_t)layout->header_key.prefix;
        rec->raw_value_prefix = (uint8_t)layout->header_value.prefix;
    }
    else
        rec->headers = headers;
    r->pos = p - r->buf;
    return (PyObject *)rec;
error:
    Py_XDECREF(key);
    Py_XDECREF(value);
    Py_XDECREF(headers);
    return NULL;
}

/* (OP_RECORD_SET, element plan, record type, (offset, message) names, (timestamp, key, value,
 * attributes) names, (magic, attributes, timestamp, offset) references, relative magic,
 * log-append flag): elements until the region ends (as GREEDY), each read by its plan (see
 * Flat below, no dicts) and made a native Record (kformat/records/legacy_blocks.py,
 * LegacyRecordShape, declares the rules):
 *     timestamp_type = 1 if magic == relative magic and attributes & flag else 0
 *     timestamp = the wrapper's timestamp (timestamp_type 1), else the element's (None: -1)
 *     offset = the element's offset, plus, when magic == relative magic, the base
 *              max(0, wrapper offset - the last element's offset) (set once all are read)
 *     offset_delta, timestamp_delta = the differences from the first element's. */
/* The element of a RECORD_SET read without dicts (Flat, native.h): its plan compiled, once
 * per set, into steps over a table of slots; any element plan the steps do not take raises
 * Fallback (the Python path reads it). The columnar sink (columnar.c) reads magic 0/1
 * entries with the same steps. */
static int flat_struct(Flat *f, PyObject *plan, int level, int *levels, int depth);

/* The slot or outer value a reference (levels, name) made at struct `level` (nesting
 * `depth` within the element) names; 0, or -1 when it cannot be resolved here. */
static int
flat_ref(Flat *f, PyObject *ref, int *levels, int depth, int *out)
{
    long up = int_at(ref, 0);
    PyObject *name = PyTuple_GET_ITEM(ref, 1);
    if (up < depth) {
        int level = levels[depth - up];
        for (int i = f->slots - 1; i >= 0; i--) {
            if (f->level[i] == level && f->name[i] == name) {
                *out = i;
                return 0;
            }
        }
        return -1; /* a field not read yet: parse_node decides */
    }
    if (f->outers >= FLAT_SLOTS)
        return -1;
    int i = f->outers++;
    f->outer_up[i] = up - depth; /* its value: flat_outers_from_dicts, or the caller's */
    f->outer_name[i] = name;
    f->outer_ok[i] = 0;
    *out = -2 - i;
    return 0;
}

/* The outer values of f from the dicts of ctx and the structs around it (up). */
static void
flat_outers_from(Flat *f, PyObject *ctx, const Scope *up)
{
    for (int i = 0; i < f->outers; i++) {
        PyObject *dict = scope_dict(ctx, up, f->outer_up[i]);
        PyObject *value = dict ? PyDict_GetItemWithError(dict, f->outer_name[i]) : NULL;
        if (!value && PyErr_Occurred())
            PyErr_Clear();
        f->outer_ok[i] = 0;
        if (value && PyLong_CheckExact(value)) {
            int overflow;
            long long v = PyLong_AsLongLongAndOverflow(value, &overflow);
            if (!(v == -1 && PyErr_Occurred()) && !overflow) {
                f->outer[i] = v;
                f->outer_ok[i] = 1;
            }
            PyErr_Clear();
        }
    }
}

/* The outer values of f from the dicts of the structs around r (the object engine's). */
static void
flat_outers_from_dicts(Flat *f, Reader *r)
{
    flat_outers_from(f, r->ctx, r->up);
}

static FlatStep *
flat_step(Flat *f, int kind)
{
    if (f->steps >= FLAT_STEPS)
        return NULL;
    FlatStep *st = &f->step[f->steps++];
    memset(st, 0, sizeof *st);
    st->kind = kind;
    st->slot = st->ref = st->clear = -1;
    return st;
}

/* A named field's node at struct `level`; 0, or -1: not for these steps. */
static int
flat_field(Flat *f, PyObject *name, PyObject *node, int level, int *levels, int depth)
{
    long op = op_of(node);
    if (op == OP_PREFIXED) {
        PyObject *inner = PyTuple_GET_ITEM(node, 2);
        long iop = op_of(inner);
        FlatStep *st = flat_step(f, ST_REGION);
        if (!st || (iop != OP_STRUCT && iop != OP_CRC))
            return -1;
        st->prefix = int_at(node, 1);
        if (flat_field(f, name, inner, level, levels, depth) < 0)
            return -1;
        return flat_step(f, ST_END) ? 0 : -1;
    }
    if (op == OP_STRUCT || op == OP_CRC) {
        if (depth + 1 >= FLAT_SLOTS)
            return -1;
        int inner = ++f->depth; /* the struct's own level (its slots) */
        if (f->slots >= FLAT_SLOTS)
            return -1;
        f->name[f->slots] = name; /* the struct itself: a slot nothing reads */
        f->level[f->slots++] = level;
        levels[depth + 1] = inner;
        return flat_struct(f, node, inner, levels, depth + 1);
    }
    if (f->slots >= FLAT_SLOTS)
        return -1;
    int slot = f->slots++;
    f->name[slot] = name;
    f->level[slot] = level;
    FlatStep *st;
    if (is_int_op(op)) {
        if (!(st = flat_step(f, ST_INT)))
            return -1;
        st->op = op;
    }
    else if (op == OP_BYTES) {
        if (!(st = flat_step(f, ST_BYTES)))
            return -1;
        st->prefix = int_at(node, 1);
        st->nullable = PyTuple_GET_ITEM(node, 2) == Py_True;
    }
    else if (op == OP_CHECKED) {
        if (!(st = flat_step(f, ST_CHECK)))
            return -1;
        st->op = op_of(PyTuple_GET_ITEM(node, 1));
        st->node = node;
        if (!is_int_op(st->op))
            return -1;
        PyObject *equals = PyTuple_GET_ITEM(node, 4), *clear = PyTuple_GET_ITEM(node, 5);
        if (equals != Py_None && flat_ref(f, equals, levels, depth, &st->ref) < 0)
            return -1;
        /* the bits that must be clear on build: only the build side reads them, so a
         * reference the steps cannot resolve to a slot leaves the parse side as it is */
        if (clear != Py_None) {
            PyObject *ref = PyTuple_GET_ITEM(clear, 0);
            if (int_at(ref, 0) >= depth || flat_ref(f, ref, levels, depth, &st->clear) < 0)
                st->clear = FLAT_UNRESOLVED;
        }
    }
    else if (op == OP_IF) {
        PyObject *then = PyTuple_GET_ITEM(node, 3);
        if (!(st = flat_step(f, ST_IF)) || PyTuple_GET_ITEM(node, 4) != Py_None ||
            then == Py_None || !is_int_op(op_of(then)))
            return -1;
        st->op = op_of(then);
        st->node = PyTuple_GET_ITEM(node, 2);
        if (flat_ref(f, PyTuple_GET_ITEM(node, 1), levels, depth, &st->ref) < 0)
            return -1;
    }
    else
        return -1;
    st->slot = slot;
    return 0;
}

/* A WRAPPED field flattened into the struct at `level` (nesting `depth`): its blob read into
 * a slot named as its value (the caller reads the inner plan from it); one per element. */
static int
flat_wrapped(Flat *f, PyObject *node, int level, int *levels, int depth)
{
    FlatStep *st = f->wrapped < 0 && f->slots < FLAT_SLOTS ? flat_step(f, ST_WRAPPED) : NULL;
    if (!st)
        return -1;
    f->wrapped = f->steps - 1;
    st->slot = f->slots;
    f->name[f->slots] = PyTuple_GET_ITEM(node, 2);
    f->level[f->slots++] = level;
    st->prefix = int_at(node, 1);
    st->nullable = 1;
    st->node = node;
    f->nscope = depth;
    for (int k = 0; k < depth; k++)
        f->scope[k] = levels[depth - k];
    return 0;
}

static int
flat_struct(Flat *f, PyObject *plan, int level, int *levels, int depth)
{
    if (op_of(plan) == OP_CRC) {
        if (f->slots >= FLAT_SLOTS)
            return -1;
        FlatStep *st = flat_step(f, ST_CRC);
        if (!st)
            return -1;
        st->slot = f->slots;
        f->name[f->slots] = PyTuple_GET_ITEM(plan, 1);
        f->level[f->slots++] = level;
        st->function = PyTuple_GET_ITEM(plan, 2);
        st->verify = PyTuple_GET_ITEM(plan, 3) == Py_True;
        plan = PyTuple_GET_ITEM(plan, 4);
        if (op_of(plan) != OP_STRUCT)
            return -1;
    }
    PyObject *fields = PyTuple_GET_ITEM(plan, 1);
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(fields); i++) {
        PyObject *field = PyTuple_GET_ITEM(fields, i), *node = PyTuple_GET_ITEM(field, 2);
        long kind = int_at(field, 0);
        if (kind == FIELD_FLATTEN && op_of(node) == OP_WRAPPED) {
            if (flat_wrapped(f, node, level, levels, depth) < 0)
                return -1;
        }
        else if (kind != FIELD_NAMED ||
                 flat_field(f, PyTuple_GET_ITEM(field, 1), node, level, levels, depth) < 0)
            return -1;
    }
    return 0;
}

/* The slot named `name` of struct `level`, or -1. */
int
flat_slot(const Flat *f, int level, PyObject *name)
{
    for (int i = 0; i < f->slots; i++) {
        if (f->level[i] == level && f->name[i] == name)
            return i;
    }
    return -1;
}

int
flat_compile_struct(Flat *f, PyObject *element)
{
    memset(f, 0, sizeof *f);
    f->wrapped = -1;
    int levels[FLAT_SLOTS + 1] = {0};
    if (op_of(element) != OP_STRUCT)
        return -1;
    f->depth = 1;
    levels[1] = 1;
    return flat_struct(f, element, 1, levels, 1);
}

void
flat_compile(Flat *f, PyObject *plan, int depth)
{
    if (flat_compile_struct(f, PyTuple_GET_ITEM(plan, 1)) < 0 || f->wrapped >= 0) {
        f->ok = 0;
        return;
    }
    PyObject *names = PyTuple_GET_ITEM(plan, 3), *fields = PyTuple_GET_ITEM(plan, 4);
    f->offset_slot = flat_slot(f, 1, PyTuple_GET_ITEM(names, 0));
    int message = flat_slot(f, 1, PyTuple_GET_ITEM(names, 1));
    if (f->offset_slot < 0 || message < 0)
        return;
    /* the message struct: the level entered right after its slot was made */
    int level = -1;
    for (int i = message + 1; i < f->slots; i++) {
        if (f->level[i] != 1) {
            level = f->level[i];
            break;
        }
    }
    if (level < 0)
        return;
    f->message_level = level;
    f->stamp_slot = flat_slot(f, level, PyTuple_GET_ITEM(fields, 0));
    f->key_slot = flat_slot(f, level, PyTuple_GET_ITEM(fields, 1));
    f->value_slot = flat_slot(f, level, PyTuple_GET_ITEM(fields, 2));
    f->attributes_slot = flat_slot(f, level, PyTuple_GET_ITEM(fields, 3));
    f->ok = f->stamp_slot >= 0 && f->key_slot >= 0 && f->value_slot >= 0 &&
            f->attributes_slot >= 0 && depth + f->depth <= MAX_DEPTH;
}

/* A CHECKED step's value against its plan's allowed values, compared masked (none listed:
 * any value); 0, or -1 (Fallback). Read and written by the same rule. */
static int
flat_allowed(const FlatStep *st, int64_t v)
{
    PyObject *allowed = PyTuple_GET_ITEM(st->node, 3);
    Py_ssize_t count = PyTuple_GET_SIZE(allowed), j;
    if (!count)
        return 0;
    int64_t masked = v & (int64_t)int_at(st->node, 2);
    for (j = 0; j < count && int_at(allowed, j) != masked; j++)
        ;
    return j == count ? fail("value not allowed") : 0;
}

/* A referenced value as an int (what ref_int gives parse_node), or -1 (Fallback). */
static int
flat_int(const Flat *f, FlatValue *vals, int ref, int64_t *out)
{
    if (ref >= 0) {
        if (vals[ref].kind != 1)
            return fail("referenced field not an int");
        *out = vals[ref].v;
        return 0;
    }
    int i = -2 - ref;
    if (!f->outer_ok[i])
        return fail("batch field missing or not an int");
    *out = f->outer[i];
    return 0;
}

int
flat_read(const Flat *f, Reader *r, FlatValue *vals, int *crc_flag)
{
    Py_ssize_t ends[FLAT_STEPS];
    int regions = 0;
    for (int i = 0; i < f->slots; i++)
        vals[i].kind = 0;
    for (int k = 0; k < f->steps; k++) {
        const FlatStep *st = &f->step[k];
        FlatValue *v = st->slot >= 0 ? &vals[st->slot] : NULL;
        int64_t n, other;
        switch (st->kind) {
        case ST_REGION: {
            Py_ssize_t stop;
            if (enter_region(r, st->prefix, &stop) < 0)
                return -1;
            ends[regions++] = r->end;
            r->end = stop;
            break;
        }
        case ST_END:
            if (r->pos != r->end)
                return fail("region not consumed");
            r->end = ends[--regions];
            break;
        case ST_CRC: {
            if (need(r, 4) < 0)
                return -1;
            uint32_t stored = be32(r->buf + r->pos), computed;
            r->pos += 4;
            v->at = r->pos; /* defined, even with no span (len -1) */
            v->len = -1;
            if (st->verify && r->verify && f->defer_crc) { /* the caller checks it */
                v->at = r->pos;
                v->len = r->end - r->pos;
            }
            else if (st->verify && r->verify) {
                if (checksum(st->function, r->buf + r->pos, r->end - r->pos, &computed) < 0)
                    return -1;
                if (computed != stored) {
                    if (!crc_flag)
                        return fail("CRC mismatch");
                    *crc_flag = 1;
                }
            }
            v->kind = 1;
            v->v = stored;
            break;
        }
        case ST_INT:
            if (read_int(r, st->op, &v->v) < 0)
                return -1;
            v->kind = 1;
            break;
        case ST_CHECK:
            if (read_int(r, st->op, &v->v) < 0)
                return -1;
            v->kind = 1;
            if (flat_allowed(st, v->v) < 0)
                return -1;
            if (st->ref != -1) {
                if (flat_int(f, vals, st->ref, &other) < 0)
                    return -1;
                if (other != v->v)
                    return fail("value differs from the field it must equal");
            }
            break;
        case ST_IF: {
            if (flat_int(f, vals, st->ref, &other) < 0)
                return -1;
            int overflow;
            long long want = PyLong_AsLongLongAndOverflow(st->node, &overflow);
            if (want == -1 && PyErr_Occurred())
                return -1;
            if (!overflow && other == want) {
                if (read_int(r, st->op, &v->v) < 0)
                    return -1;
                v->kind = 1;
            }
            else
                v->kind = 2;
            break;
        }
        default: /* ST_BYTES, ST_WRAPPED */
            if (read_length(r, st->prefix, &n) < 0)
                return -1;
            v->kind = 3;
            v->at = r->pos; /* defined for a null too: a caller may form buf + at */
            v->len = -1;
            if (n < 0) {
                if (!st->nullable)
                    return fail("null in a non-nullable field");
                break;
            }
            if (need(r, (Py_ssize_t)n) < 0)
                return -1;
            v->at = r->pos;
            v->len = (Py_ssize_t)n;
            r->pos += (Py_ssize_t)n;
        }
    }
    return 0;
}

static PyObject *
flat_blob(Reader *r, FlatValue *v)
{
    if (v->kind != 3)
        return fail_null("record set blob not bytes");
    if (v->len < 0)
        Py_RETURN_NONE;
    return PyBytes_FromStringAndSize((const char *)r->buf + v->at, v->len);
}

/* The Record of the element read into vals (the rules: parse_record_set). */
static PyObject *
flat_record(Flat *f, Reader *r, FlatValue *vals, int log_append, int64_t wrapper_timestamp,
            Py_ssize_t i, RecordInts *first)
{
    FlatValue *offset = &vals[f->offset_slot], *attributes = &vals[f->attributes_slot],
              *stamp = &vals[f->stamp_slot];
    if (offset->kind != 1 || attributes->kind != 1 || (stamp->kind != 1 && stamp->kind != 2))
        return fail_null("record set field not an int");
    /* the numbers as 64-bit values first, each 128-bit field written once (a 128-bit
     * copy of two halves just written stalls the store buffer) */
    int64_t o = offset->v, t = log_append ? wrapper_timestamp : stamp->kind == 2 ? -1 : stamp->v;
    if (i == 0) {
        first->offset = o;
        first->timestamp = t;
    }
    RecordInts ints;
    ints.offset = o;
    ints.timestamp = t;
    ints.offset_delta = (kf_wide)o - first->offset;
    ints.timestamp_delta = (kf_wide)t - first->timestamp;
    ints.attributes = attributes->v;
    ints.timestamp_type = log_append;
    PyObject *key = flat_blob(r, &vals[f->key_slot]);
    if (!key)
        return NULL;
    PyObject *value = flat_blob(r, &vals[f->value_slot]);
    PyObject *headers = value ? PyTuple_New(0) : NULL;
    if (!headers) {
        Py_DECREF(key);
        Py_XDECREF(value);
        return NULL;
    }
    return kf_record_new(&ints, key, value, headers);
}

static PyObject *
parse_record_set(Reader *r, PyObject *plan)
{
    PyObject *refs = PyTuple_GET_ITEM(plan, 5);
    int64_t magic, attributes, wrapper_offset, wrapper_timestamp = 0;
    if (ref_int(r->ctx, r->up, PyTuple_GET_ITEM(refs, 0), &magic) < 0 ||
        ref_int(r->ctx, r->up, PyTuple_GET_ITEM(refs, 1), &attributes) < 0 ||
        ref_int(r->ctx, r->up, PyTuple_GET_ITEM(refs, 3), &wrapper_offset) < 0)
        return NULL;
    int relative, log_append;
    record_set_rules(plan, magic, attributes, &relative, &log_append);
    if (log_append &&
        ref_int(r->ctx, r->up, PyTuple_GET_ITEM(refs, 2), &wrapper_timestamp) < 0)
        return NULL;
    if (PyTuple_GET_ITEM(plan, 2) != (PyObject *)&kf_RecordType)
        return fail_null("record set of another record type");
    Flat flat;
    FlatValue vals[FLAT_SLOTS];
    flat_compile(&flat, plan, r->depth);
    if (!flat.ok)
        return fail_null("record set element the steps do not take");
    flat_outers_from_dicts(&flat, r);
    PyObject *list = PyList_New(0);
    RecordInts first = {0};
    kf_wide last = 0;
    while (list && r->pos < r->end) {
        Py_ssize_t start = r->pos;
        PyObject *record = NULL;
        Reader e = *r;
        if (flat_read(&flat, &e, vals, NULL) == 0) {
            r->pos = e.pos;
            if (r->pos == start)
                fail("element without bytes");
            else
                record = flat_record(&flat, r, vals, log_append, wrapper_timestamp,
                                     PyList_GET_SIZE(list), &first);
        }
        if (!record || PyList_Append(list, record) < 0)
            Py_CLEAR(list);
        else
            last = ((RecordObject *)record)->n.offset;
        Py_XDECREF(record);
    }
    if (list && relative) {
        kf_wide base = record_set_base(wrapper_offset, last); /* once all are read */
        if (base) {
            for (Py_ssize_t i = 0; i < PyList_GET_SIZE(list); i++)
                ((RecordObject *)PyList_GET_ITEM(list, i))->n.offset += base;
        }
    }
    return list;
}

/* The RECORD node of an array element: the element itself, or the struct of a PREFIXED
 * element (a record's length prefix); NULL for any other element. */
static PyObject *
record_node(PyObject *element)
{
    long op = op_of(element);
    if (op == OP_RECORD)
        return element;
    if (op == OP_PREFIXED && op_of(PyTuple_GET_ITEM(element, 2)) == OP_RECORD)
        return PyTuple_GET_ITEM(element, 2);
    return NULL;
}

/* An element holding a RECORD node (see record_node): a length-prefixed record (region
 * prefix >= 0) is read in its region, which it must consume exactly. */
static PyObject *
parse_record_element(Reader *r, long region_prefix, RecordLayout *layout)
{
    if (region_prefix < 0)
        return parse_record(r, layout, r->end, 0);
    const uint8_t *p = r->buf + r->pos, *end = r->buf + r->end;
    int64_t n;
    if (cursor_length(&p, end, region_prefix, &n) < 0)
        return NULL;
    if (n < 0)
        return fail_null("negative region length");
    if (end - p < n)
        return fail_null("truncated");
    r->pos = p - r->buf;
    return parse_record(r, layout, r->pos + (Py_ssize_t)n, 1);
}

static PyObject *
parse_list(Reader *r, PyObject *element, int64_t n, long min_size)
{
    if (min_size > 0) {
        if (n > (r->end - r->pos) / min_size)
            return fail_null("count larger than the bytes left");
    }
    else if (n > MAX_ZERO_SIZE_ELEMENTS)
        return fail_null("count of zero-size elements too large");
    PyObject *record = record_node(element);
    RecordLayout layout;
    if (record && record_layout(record, r->ctx, &layout) < 0)
        return NULL;
    long region_prefix = record && record != element ? int_at(element, 1) : -1;
    PyObject *list = PyList_New((Py_ssize_t)n);
    for (Py_ssize_t i = 0; list && i < (Py_ssize_t)n; i++) {
        PyObject *item = record ? parse_record_element(r, region_prefix, &layout)
                                : parse_node(r, element);
        if (!item)
            Py_CLEAR(list);
        else
            PyList_SET_ITEM(list, i, item);
    }
    if (record)
        layout_clear(&layout);
    return list;
}

static PyObject *
parse_blob(Reader *r, long prefix, int nullable, int text)
{
    int64_t n;
    const char *p;
    if (read_length(r, prefix, &n) < 0)
        return NULL;
    int got = take_blob(r, n, nullable, &p);
    if (got)
        return got > 0 ? Py_NewRef(Py_None) : NULL;
    if (!text)
        return PyBytes_FromStringAndSize(p, (Py_ssize_t)n);
    PyObject *s = PyUnicode_DecodeUTF8(p, (Py_ssize_t)n, "strict");
    if (!s) {
        PyErr_Clear();
        return fail_null("invalid UTF-8");
    }
    return s;
}

static PyObject *
parse_array(Reader *r, PyObject *plan)
{
    /* (OP_ARRAY, prefix, nullable, element, element_min_size) */
    long prefix = int_at(plan, 1);
    int nullable = (PyTuple_GET_ITEM(plan, 2) == Py_True);
    PyObject *element = PyTuple_GET_ITEM(plan, 3);
    long min_size = int_at(plan, 4);
    int64_t n;
    if (read_length(r, prefix, &n) < 0)
        return NULL;
    if (n < 0) {
        if (!nullable)
            return fail_null("null array");
        Py_RETURN_NONE;
    }
    if (min_size > 0) {
        if (n > (r->end - r->pos) / min_size)
            return fail_null("count larger than the bytes left");
    }
    else if (n > MAX_ZERO_SIZE_ELEMENTS)
        return fail_null("count of zero-size elements too large");
    PyObject *list = PyList_New((Py_ssize_t)n);
    if (!list)
        return NULL;
    long op = op_of(element);
    for (Py_ssize_t i = 0; i < (Py_ssize_t)n; i++) {
        PyObject *item;
        if (op == OP_INT32 && r->end - r->pos >= 4) { /* the common number arrays, inline */
            item = PyLong_FromLong((int32_t)be32(r->buf + r->pos));
            r->pos += 4;
        }
        else
            item = parse_node(r, element);
        if (!item) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, i, item);
    }
    if (op <= OP_BYTES && op != OP_UUID)
        PyObject_GC_UnTrack(list); /* numbers, strings or bytes only: see untracked() */
    return list;
}

static int
parse_struct_into(Reader *r, PyObject *plan, PyObject *dict)
{
    /* (OP_STRUCT, fields, names); field = (kind, name, plan, has_default, default) */
    PyObject *fields = PyTuple_GET_ITEM(plan, 1);
    Py_ssize_t count = PyTuple_GET_SIZE(fields);
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *field = PyTuple_GET_ITEM(fields, i);
        long kind = int_at(field, 0);
        PyObject *sub = PyTuple_GET_ITEM(field, 2);
        if (kind == FIELD_FLATTEN) {
            long op = op_of(sub);
            int rc;
            if (op == OP_TAGGED)
                rc = parse_tagged_into(r, sub, dict);
            else if (op == OP_CRC)
                rc = parse_crc_into(r, sub, dict);
            else if (op == OP_WRAPPED)
                rc = parse_wrapped_into(r, sub, dict);
            else if (op == OP_PREFIXED) { /* a length-prefixed struct merged into this one */
                Py_ssize_t stop;
                rc = enter_region(r, int_at(sub, 1), &stop);
                if (rc == 0) {
                    Reader inner = *r;
                    inner.end = stop;
                    rc = parse_struct_into(&inner, PyTuple_GET_ITEM(sub, 2), dict);
                    r->tracked = inner.tracked;
                    if (rc == 0 && inner.pos != stop)
                        rc = fail("region not consumed");
                    r->pos = stop;
                }
            }
            else if (op == OP_STRUCT)
                rc = parse_struct_into(r, sub, dict);
            else
                rc = fail("cannot flatten this node");
            if (rc < 0)
                return -1;
            continue;
        }
        PyObject *value = parse_node(r, sub);
        if (!value)
            return -1;
        if (kind == FIELD_NAMED) {
            r->tracked |= PyObject_GC_IsTracked(value);
            int rc = PyDict_SetItem(dict, PyTuple_GET_ITEM(field, 1), value);
            Py_DECREF(value);
            if (rc < 0)
                return -1;
        }
        else
            Py_DECREF(value);
    }
    return 0;
}

static int
is_default(PyObject *value, PyObject *deflt)
{
    if (value == deflt)
        return 1;
    if (Py_TYPE(value) != Py_TYPE(deflt))
        return 0;
    return PyObject_RichCompareBool(value, deflt, Py_EQ);
}

static int
parse_tagged_into(Reader *r, PyObject *plan, PyObject *dict)
{
    /* (OP_TAGGED, entries, presence); entry = (tag, name, plan, default)
     * presence: report known fields written at their default under _defaults_on_wire */
    PyObject *entries = PyTuple_GET_ITEM(plan, 1);
    int presence = (PyTuple_GET_ITEM(plan, 2) == Py_True);
    Py_ssize_t known = PyTuple_GET_SIZE(entries);
    uint64_t count, seen = 0;
    PyObject *unknown = NULL, *on_wire = NULL;
    if (read_uvarint(r, 5, U32_MAX, &count) < 0)
        return -1;
    if (count > (uint64_t)(r->end - r->pos) / 2)
        return fail("tag count larger than the bytes left");
    int64_t last = -1;
    for (uint64_t k = 0; k < count; k++) {
        uint64_t tag, size;
        if (read_uvarint(r, 5, U32_MAX, &tag) < 0)
            goto error;
        if ((int64_t)tag <= last) {
            fail("tags out of order");
            goto error;
        }
        last = (int64_t)tag;
        if (read_uvarint(r, 5, U32_MAX, &size) < 0 || need(r, (Py_ssize_t)size) < 0)
            goto error;
        Py_ssize_t stop = r->pos + (Py_ssize_t)size;
        Py_ssize_t j;
        for (j = 0; j < known; j++) {
            if ((uint64_t)int_at(PyTuple_GET_ITEM(entries, j), 0) == tag)
                break;
        }
        if (j == known) {
            if (!unknown && !(unknown = PyDict_New()))
                goto error;
            PyObject *key = PyLong_FromUnsignedLongLong(tag);
            PyObject *raw = PyBytes_FromStringAndSize((const char *)r->buf + r->pos,
                                                      (Py_ssize_t)size);
            int rc = (key && raw) ? PyDict_SetItem(unknown, key, raw) : -1;
            Py_XDECREF(key);
            Py_XDECREF(raw);
            if (rc < 0)
                goto error;
            r->pos = stop;
            continue;
        }
        PyObject *entry = PyTuple_GET_ITEM(entries, j);
        Reader sub = {r->buf, r->pos, stop, r->depth, 0, r->ctx, r->verify, r->limit, r->up,
                      r->owner};
        PyObject *value = parse_node(&sub, PyTuple_GET_ITEM(entry, 2));
        if (!value)
            goto error;
        if (sub.pos != stop) {
            Py_DECREF(value);
            fail("tagged field not consumed");
            goto error;
        }
        r->pos = stop;
        seen |= (uint64_t)1 << j;
        if (presence) {
            int d = is_default(value, PyTuple_GET_ITEM(entry, 3));
            if (d < 0 || (d && !on_wire && !(on_wire = PyList_New(0))) ||
                (d && PyList_Append(on_wire, PyTuple_GET_ITEM(entry, 1)) < 0)) {
                Py_DECREF(value);
                goto error;
            }
        }
        r->tracked |= PyObject_GC_IsTracked(value);
        int rc = PyDict_SetItem(dict, PyTuple_GET_ITEM(entry, 1), value);
        Py_DECREF(value);
        if (rc < 0)
            goto error;
    }
    for (Py_ssize_t j = 0; j < known; j++) {
        if (seen & ((uint64_t)1 << j))
            continue;
        PyObject *entry = PyTuple_GET_ITEM(entries, j);
        PyObject *value = copy_default(PyTuple_GET_ITEM(entry, 3));
        if (!value)
            goto error;
        r->tracked |= PyObject_GC_IsTracked(value);
        int rc = PyDict_SetItem(dict, PyTuple_GET_ITEM(entry, 1), value);
        Py_DECREF(value);
        if (rc < 0)
            goto error;
    }
    if (unknown) {
        r->tracked |= PyObject_GC_IsTracked(unknown);
        if (PyDict_SetItem(dict, str_unknown_tags, unknown) < 0)
            goto error;
        Py_CLEAR(unknown);
    }
    if (on_wire) {
        PyObject *names = PyList_AsTuple(on_wire);
        int rc = names ? PyDict_SetItem(dict, str_defaults_on_wire, names) : -1;
        Py_XDECREF(names);
        Py_CLEAR(on_wire);
        if (rc < 0)
            goto error;
    }
    return 0;
error:
    Py_XDECREF(unknown);
    Py_XDECREF(on_wire);
    return -1;
}

static PyObject *
parse_node(Reader *r, PyObject *plan)
{
    long op = op_of(plan);
    const uint8_t *p;
    int64_t v;
    switch (op) {
    case OP_INT8: case OP_INT16: case OP_INT32: case OP_INT64: case OP_UINT8:
    case OP_UINT16: case OP_UINT32: case OP_UVARINT: case OP_VARINT: case OP_VARLONG:
        if (read_int(r, op, &v) < 0)
            return NULL;
        return PyLong_FromLongLong(v);
    case OP_BOOL:
        if (need(r, 1) < 0)
            return NULL;
        return PyBool_FromLong(r->buf[r->pos++] != 0);
    case OP_FLOAT64: {
        if (need(r, 8) < 0)
            return NULL;
        uint64_t bits = be64(r->buf + r->pos);
        double d;
        memcpy(&d, &bits, 8);
        r->pos += 8;
        return PyFloat_FromDouble(d);
    }
    case OP_UUID:
        if (need(r, 16) < 0)
            return NULL;
        p = r->buf + r->pos;
        r->pos += 16;
        return uuid_from(p);
    case OP_STRING:
    case OP_BYTES:
        return parse_blob(r, int_at(plan, 1), (PyTuple_GET_ITEM(plan, 2) == Py_True),
                          op == OP_STRING);
    case OP_RECORDS: {
        /* (OP_RECORDS, prefix, nullable, RecordSet, to_bytes) */
        PyObject *raw = parse_blob(r, int_at(plan, 1),
                                   (PyTuple_GET_ITEM(plan, 2) == Py_True), 0);
        if (!raw || raw == Py_None)
            return raw;
        PyObject *value = PyObject_CallOneArg(PyTuple_GET_ITEM(plan, 3), raw);
        Py_DECREF(raw);
        return value;
    }
    case OP_STRUCT:
    case OP_CRC: {
        if (++r->depth > MAX_DEPTH)
            return fail_null("nested too deeply");
        /* (OP_STRUCT, fields, keys): keys, the size of the dict, presizes it; a CRC on its
         * own (not flattened into a struct) is a dict of the CRC and the struct it covers */
        int tracked_before = r->tracked;
        PyObject *ctx_before = r->ctx;
        Scope scope = {r->ctx, r->up};
        r->tracked = 0;
        PyObject *dict = _PyDict_NewPresized(
            op == OP_STRUCT ? int_at(plan, 2) : 1 + int_at(PyTuple_GET_ITEM(plan, 4), 2));
        r->ctx = dict;
        r->up = &scope;
        if (dict && (op == OP_STRUCT ? parse_struct_into(r, plan, dict)
                                     : parse_crc_into(r, plan, dict)) < 0)
            Py_CLEAR(dict);
        r->ctx = ctx_before;
        r->up = scope.up;
        r->depth--;
        if (dict && !r->tracked)
            PyObject_GC_UnTrack(dict); /* holds only untracked values: see untracked() */
        r->tracked |= tracked_before;
        return dict;
    }
    case OP_ARRAY: {
        if (++r->depth > MAX_DEPTH)
            return fail_null("nested too deeply");
        PyObject *list = parse_array(r, plan);
        r->depth--;
        return list;
    }
    case OP_PRESENCE:
        if (need(r, 1) < 0)
            return NULL;
        p = r->buf + r->pos++;
        if (*p == 0xFF)
            Py_RETURN_NONE;
        if (*p != 1)
            return fail_null("presence byte must be -1 or 1");
        return parse_node(r, PyTuple_GET_ITEM(plan, 1));
    case OP_ABSENT:
        return copy_default(PyTuple_GET_ITEM(plan, 1));
    case OP_PREFIXED: {
        /* (OP_PREFIXED, prefix, plan): the region must be consumed exactly */
        Py_ssize_t stop;
        if (enter_region(r, int_at(plan, 1), &stop) < 0)
            return NULL;
        Reader inner = *r;
        inner.end = stop;
        PyObject *value = parse_node(&inner, PyTuple_GET_ITEM(plan, 2));
        if (value && inner.pos != stop) {
            Py_DECREF(value);
            return fail_null("region not consumed");
        }
        r->pos = stop;
        return value;
    }
    case OP_GREEDY: {
        /* (OP_GREEDY, plan): elements until the region ends; each must consume bytes */
        if (++r->depth > MAX_DEPTH)
            return fail_null("nested too deeply");
        PyObject *list = PyList_New(0);
        while (list && r->pos < r->end) {
            Py_ssize_t start = r->pos;
            PyObject *item = parse_node(r, PyTuple_GET_ITEM(plan, 1));
            if (!item || r->pos == start || PyList_Append(list, item) < 0) {
                if (item && r->pos == start)
                    fail("element without bytes");
                Py_XDECREF(item);
                Py_CLEAR(list);
                break;
            }
            Py_DECREF(item);
        }
        r->depth--;
        return list;
    }
    case OP_COUNTED: {
        /* (OP_COUNTED, count field name, element plan, element minimum size) */
        int64_t n;
        if (++r->depth > MAX_DEPTH)
            return fail_null("nested too deeply");
        PyObject *list = NULL;
        if (count_field(r->ctx, PyTuple_GET_ITEM(plan, 1), &n) == 0)
            list = parse_list(r, PyTuple_GET_ITEM(plan, 2), n, int_at(plan, 3));
        r->depth--;
        return list;
    }
    case OP_COMPRESSED:
        return parse_compressed(r, plan);
    case OP_CHECKED: {
        int64_t v;
        if (read_int(r, op_of(PyTuple_GET_ITEM(plan, 1)), &v) < 0 ||
            check_int(r->ctx, r->up, plan, v, 0) < 0)
            return NULL;
        return PyLong_FromLongLong(v);
    }
    case OP_IF: {
        PyObject *branch;
        if (if_branch(r->ctx, r->up, plan, &branch) < 0)
            return NULL;
        if (branch == Py_None)
            Py_RETURN_NONE;
        return parse_node(r, branch);
    }
    case OP_FACTORY:
        return parse_factory(r, plan);
    case OP_RECORD_SET:
        return parse_record_set(r, plan);
    case OP_RECORD: {
        RecordLayout layout;
        if (record_layout(plan, r->ctx, &layout) < 0)
            return NULL;
        PyObject *value = parse_record(r, &layout, r->end, 0);
        layout_clear(&layout);
        return value;
    }
    case OP_EXPECTED: {
        /* (OP_EXPECTED, plan, value): the field must hold value */
        PyObject *value = parse_node(r, PyTuple_GET_ITEM(plan, 1));
        if (!value)
            return NULL;
        int eq = PyObject_RichCompareBool(value, PyTuple_GET_ITEM(plan, 2), Py_EQ);
        if (eq <= 0) {
            Py_DECREF(value);
            return eq < 0 ? NULL : fail_null("unexpected value");
        }
        return value;
    }
    case OP_TAGGED: {
        PyObject *dict = PyDict_New();
        if (dict && parse_tagged_into(r, plan, dict) < 0)
            Py_CLEAR(dict);
        return dict;
    }
    default:
        return fail_null("unknown opcode in plan");
    }
}

/* ------------------------------------------------------------------------------ writing */

typedef struct {
    char *buf;
    Py_ssize_t len;
    Py_ssize_t cap;
    int depth;
    PyObject *ctx; /* the dict of the struct being built, borrowed */
    Py_ssize_t *found; /* how many of its keys were used (see build_dict) */
    PyObject *level;   /* compression level (the compression_level parameter), borrowed */
    const Scope *up;   /* the structs around ctx (references) */
    PyObject *out;     /* a build's own bytes object that buf is the contents of (writer_out);
                        * NULL: buf is PyMem memory */
} Writer;

/* Grow w so that n more bytes fit (doubling). */
static int
reserve_slow(Writer *w, Py_ssize_t n)
{
    int64_t cap = w->cap;
    if (w->out) { /* the contents of a bytes object: grown as one */
        if ((cap = grown_capacity(cap, w->len, n, 256)) < 0)
            return -1;
        if (_PyBytes_Resize(&w->out, (Py_ssize_t)cap) < 0) { /* freed: nothing is left */
            w->buf = NULL;
            w->cap = w->len = 0;
            return -1;
        }
        w->buf = PyBytes_AS_STRING(w->out);
        w->cap = (Py_ssize_t)cap;
        return 0;
    }
    char *buf = grow_buffer(w->buf, &cap, w->len, n, 256, PyMem_Realloc);
    if (!buf)
        return -1;
    w->buf = buf;
    w->cap = (Py_ssize_t)cap;
    return 0;
}

static inline int
reserve(Writer *w, Py_ssize_t n)
{
    if (w->cap - w->len >= n)
        return 0;
    return reserve_slow(w, n);
}

/* Scratch buffers kept between builds for the writers of a whole message and of a region to
 * compress: a fresh buffer of a few hundred KiB is a fresh mapping from the allocator, and
 * faulting its pages in costs more than the build itself. A writer takes one (or starts
 * empty when none is free: another thread's build, a nested region) and gives it back when
 * done; buffers above SCRATCH_KEEP are freed, not kept. Taking and giving back run with the
 * GIL held and call no Python code in between. */
#define SCRATCH_SLOTS 4
#define SCRATCH_KEEP ((Py_ssize_t)2 << 20)
static struct {
    char *buf;
    Py_ssize_t cap;
} scratch[SCRATCH_SLOTS];

static void
writer_take_scratch(Writer *w)
{
    for (int i = 0; i < SCRATCH_SLOTS; i++) {
        if (scratch[i].buf) {
            w->buf = scratch[i].buf;
            w->cap = scratch[i].cap;
            w->len = 0;
            scratch[i].buf = NULL;
            scratch[i].cap = 0;
            return;
        }
    }
}

/* Release a writer's buffer: kept as scratch if there is room, else freed. */
static void
writer_release(Writer *w)
{
    if (w->buf && w->cap <= SCRATCH_KEEP) {
        for (int i = 0; i < SCRATCH_SLOTS; i++) {
            if (!scratch[i].buf) {
                scratch[i].buf = w->buf;
                scratch[i].cap = w->cap;
                w->buf = NULL;
                w->cap = w->len = 0;
                return;
            }
        }
    }
    PyMem_Free(w->buf);
    w->buf = NULL;
    w->cap = w->len = 0;
}

static inline int
put(Writer *w, const void *data, Py_ssize_t n)
{
    if (n == 0) /* an empty region's buffer may be NULL: memcpy must not see it */
        return 0;
    if (reserve(w, n) < 0)
        return -1;
    memcpy(w->buf + w->len, data, (size_t)n);
    w->len += n;
    return 0;
}

static inline int
put_be(Writer *w, uint64_t v, int size)
{
    if (reserve(w, size) < 0)
        return -1;
    uint8_t *p = (uint8_t *)w->buf + w->len;
    for (int i = size - 1; i >= 0; i--) {
        p[i] = (uint8_t)(v & 0xFF);
        v >>= 8;
    }
    w->len += size;
    return 0;
}

static int
put_uvarint(Writer *w, uint64_t v)
{
    if (reserve(w, 10) < 0)
        return -1;
    uint8_t *p = (uint8_t *)w->buf + w->len;
    int n = 0;
    while (v > 0x7F) {
        p[n++] = (uint8_t)((v & 0x7F) | 0x80);
        v >>= 7;
    }
    p[n++] = (uint8_t)v;
    w->len += n;
    return 0;
}

/* Room for a fixed-size length prefix written later (backfill_length): the region is built
 * in place, not copied. Returns where the prefix goes, or -1. Only INT16/INT32 prefixes. */
static Py_ssize_t
hold_length(Writer *w, long prefix)
{
    int size = prefix == PFX_INT16 ? 2 : 4;
    if (reserve(w, size) < 0)
        return -1;
    Py_ssize_t at = w->len;
    w->len += size;
    return at;
}

static int
backfill_length(Writer *w, long prefix, Py_ssize_t at)
{
    int size = prefix == PFX_INT16 ? 2 : 4;
    Py_ssize_t n = w->len - at - size;
    if (n > (prefix == PFX_INT16 ? 0x7FFF : 0x7FFFFFFF))
        return fail("length too large for its prefix");
    uint8_t *p = (uint8_t *)w->buf + at;
    for (int i = size - 1; i >= 0; i--) {
        p[i] = (uint8_t)(n & 0xFF);
        n >>= 8;
    }
    return 0;
}

static inline uint64_t
zigzag(int64_t n)
{
    return n < 0 ? ((~(uint64_t)n) << 1) | 1 : ((uint64_t)n << 1);
}

static inline Py_ssize_t
uvarint_size(uint64_t v)
{
    /* 7 bits a byte: the bits v needs (at least 1), rounded up to whole bytes */
    return (Py_ssize_t)((64 - __builtin_clzll(v | 1) + 6) / 7);
}

/* One encoded item: a number (big-endian in size bytes, or a varint when size is 0) or raw
 * bytes (p, n). The encoders below check a length once (length_piece), then write its pieces
 * with one check of the room (build_blob). */
typedef struct {
    uint64_t u;    /* a number's bits (zigzagged for signed varints) */
    const char *p; /* raw bytes; NULL: a number */
    Py_ssize_t n;  /* raw byte count */
    int size;      /* a number's byte count: 1, 2, 4 or 8; 0: a varint */
} Piece;

static inline void
number_piece(Piece *pc, uint64_t u, int size)
{
    pc->u = u;
    pc->p = NULL;
    pc->n = 0;
    pc->size = size;
}

static inline Py_ssize_t
piece_size(const Piece *pc)
{
    return pc->p ? pc->n : pc->size ? pc->size : uvarint_size(pc->u);
}

/* The room pc may take: its size, or the most a varint takes (no need to measure it). */
static inline Py_ssize_t
piece_room(const Piece *pc)
{
    return pc->p ? pc->n : pc->size ? pc->size : 10;
}

/* A varint of v's bits at q (room for 10 bytes checked by the caller); the byte after it.
 * Lengths and deltas mostly take one or two bytes: those are written without the loop. */
static inline __attribute__((always_inline)) uint8_t *
write_uvarint(uint8_t *q, uint64_t v)
{
    if (v < 0x80) {
        q[0] = (uint8_t)v;
        return q + 1;
    }
    if (v < 0x4000) {
        q[0] = (uint8_t)(v | 0x80);
        q[1] = (uint8_t)(v >> 7);
        return q + 2;
    }
    while (v > 0x7F) {
        *q++ = (uint8_t)((v & 0x7F) | 0x80);
        v >>= 7;
    }
    *q++ = (uint8_t)v;
    return q;
}

/* n bytes from p to q (n >= 0, room checked by the caller): up to 16 bytes as two
 * overlapping fixed-size moves (a header's key, a record's key), no call. */
static inline __attribute__((always_inline)) void
copy_bytes(uint8_t *q, const char *p, Py_ssize_t n)
{
    if (n >= 8 && n <= 16) {
        memcpy(q, p, 8);
        memcpy(q + n - 8, p + n - 8, 8);
    }
    else if (n >= 4 && n < 8) {
        memcpy(q, p, 4);
        memcpy(q + n - 4, p + n - 4, 4);
    }
    else if (n > 0)
        memcpy(q, p, (size_t)n);
}

/* Write pc at *at (room checked by the caller), moving *at past it. */
static inline void
write_piece(char **at, const Piece *pc)
{
    uint8_t *q = (uint8_t *)*at;
    if (pc->p) {
        if (pc->n)
            memcpy(q, pc->p, (size_t)pc->n);
        *at += pc->n;
        return;
    }
    uint64_t v = pc->u;
    if (pc->size) {
        for (int i = pc->size - 1; i >= 0; i--) {
            q[i] = (uint8_t)(v & 0xFF);
            v >>= 8;
        }
        *at += pc->size;
        return;
    }
    *at = (char *)write_uvarint(q, v);
}

static inline __attribute__((always_inline)) int
put_piece(Writer *w, const Piece *pc)
{
    if (reserve(w, piece_room(pc)) < 0)
        return -1;
    char *at = w->buf + w->len;
    write_piece(&at, pc);
    w->len = at - w->buf;
    return 0;
}

/* The bits of a varint length prefix (a signed varint) of n; n == -1 is the null marker. */
static inline __attribute__((always_inline)) int
varint_length(int64_t n, uint64_t *u)
{
    if (n > 0x7FFFFFFF)
        return fail("length too large for a varint prefix");
    *u = zigzag(n) & U32_MAX;
    return 0;
}

/* A length or count prefix as a piece; n == -1 is the null marker. */
static inline __attribute__((always_inline)) int
length_piece(long prefix, int64_t n, Piece *pc)
{
    switch (prefix) {
    case PFX_INT16:
        if (n > 0x7FFF)
            return fail("length too large for an int16 prefix");
        number_piece(pc, (uint64_t)(uint16_t)(int16_t)n, 2);
        return 0;
    case PFX_INT32:
        if (n > 0x7FFFFFFF)
            return fail("length too large for an int32 prefix");
        number_piece(pc, (uint64_t)(uint32_t)(int32_t)n, 4);
        return 0;
    case PFX_COMPACT:
        if (n >= (int64_t)U32_MAX)
            return fail("length too large for a compact prefix");
        number_piece(pc, (uint64_t)(n + 1), 0);
        return 0;
    case PFX_VARINT: {
        uint64_t u;
        if (varint_length(n, &u) < 0)
            return -1;
        number_piece(pc, u, 0);
        return 0;
    }
    default:
        return fail("bad prefix in plan");
    }
}

/* A length or count prefix; n == -1 writes the null marker. */
static inline __attribute__((always_inline)) int
put_length(Writer *w, long prefix, int64_t n)
{
    Piece pc;
    if (length_piece(prefix, n, &pc) < 0)
        return -1;
    return put_piece(w, &pc);
}

/* A region's length prefix, then the region (the bytes built in region). */
static int
put_region(Writer *w, long prefix, Writer *region)
{
    if (put_length(w, prefix, region->len) < 0)
        return -1;
    return put(w, region->buf, region->len);
}

static int
exact_int(PyObject *value, int64_t lo, int64_t hi, int64_t *out)
{
    if (!PyLong_CheckExact(value))
        return fail("not an int");
    int overflow;
    long long v = PyLong_AsLongLongAndOverflow(value, &overflow);
    if (v == -1 && PyErr_Occurred())
        return -1;
    if (overflow || v < lo || v > hi)
        return fail("int out of range");
    *out = v;
    return 0;
}

static int build_node(Writer *w, PyObject *plan, PyObject *value);
static PyTypeObject AppenderType;
static PyObject *empty_headers; /* an append's default headers: () */
static int build_appended(Writer *w, PyObject *element, PyObject *value, int64_t count);
static PyObject *compress_appended(Writer *w, PyObject *plan, PyObject *counted, PyObject *value,
                                   int64_t codec);
static int build_struct_from(Writer *w, PyObject *plan, PyObject *dict, Py_ssize_t *found);
static int build_tagged_from(Writer *w, PyObject *plan, PyObject *dict, Py_ssize_t *found);
static int build_crc_from(Writer *w, PyObject *plan, PyObject *dict, Py_ssize_t *found);
static int build_wrapped_from(Writer *w, PyObject *plan, PyObject *dict, Py_ssize_t *found);
static PyObject *view_of(const char *p, Py_ssize_t n);
static int view_release(PyObject *view);

static inline int blob_pieces(long prefix, int nullable, int text, PyObject *value, Piece *pc,
                       int *count);

/* The bytes of a blob value that needs no conversion -- exact bytes, or an exact str of ASCII
 * (its bytes are its UTF-8) -- and their count in *n; NULL (no error set) for any other. */
static inline __attribute__((always_inline)) const char *
plain_blob(int text, PyObject *value, Py_ssize_t *n)
{
    if (!text && PyBytes_CheckExact(value)) {
        *n = PyBytes_GET_SIZE(value);
        return PyBytes_AS_STRING(value);
    }
    if (text && PyUnicode_CheckExact(value) && PyUnicode_IS_COMPACT_ASCII(value)) {
        *n = PyUnicode_GET_LENGTH(value);
        return (const char *)PyUnicode_DATA(value);
    }
    return NULL;
}

static inline __attribute__((always_inline)) int
build_blob(Writer *w, long prefix, int nullable, int text, PyObject *value)
{
    if (prefix == PFX_VARINT) { /* records' blobs: exact bytes, or an ASCII str, written at once */
        Py_ssize_t n;
        uint64_t u;
        const char *data = plain_blob(text, value, &n);
        if (data) {
            if (varint_length(n, &u) < 0 || reserve(w, 5 + n) < 0)
                return -1;
            uint8_t *q = write_uvarint((uint8_t *)w->buf + w->len, u);
            copy_bytes(q, data, n);
            w->len = (char *)q + n - w->buf;
            return 0;
        }
    }
    Piece pc[2];
    int count;
    if (blob_pieces(prefix, nullable, text, value, pc, &count) < 0)
        return -1;
    Py_ssize_t size = piece_room(&pc[0]) + (count > 1 ? pc[1].n : 0);
    if (reserve(w, size) < 0)
        return -1;
    char *at = w->buf + w->len;
    write_piece(&at, &pc[0]);
    if (count > 1) {
        copy_bytes((uint8_t *)at, pc[1].p, pc[1].n);
        at += pc[1].n;
    }
    w->len = at - w->buf;
    return 0;
}

static int
build_uuid(Writer *w, PyObject *value)
{
    if ((PyObject *)Py_TYPE(value) != uuid_type)
        return fail("not a uuid.UUID");
    PyObject *n = PyObject_GetAttr(value, str_int);
    if (!n)
        return -1;
    if (!PyLong_CheckExact(n)) {
        Py_DECREF(n);
        return fail("uuid int");
    }
    PyObject *shift = PyLong_FromLong(64);
    PyObject *hi = shift ? PyNumber_Rshift(n, shift) : NULL;
    uint64_t lo = PyLong_AsUnsignedLongLongMask(n);
    uint64_t h = hi ? PyLong_AsUnsignedLongLong(hi) : 0;
    Py_XDECREF(shift);
    Py_XDECREF(hi);
    Py_DECREF(n);
    if (PyErr_Occurred()) {
        PyErr_Clear();
        return fail("uuid int out of range");
    }
    if (put_be(w, h, 8) < 0)
        return -1;
    return put_be(w, lo, 8);
}

/* ------------------------------------------------------------------------ records (build) */

/* The unsigned number a varint node writes for v (in its range). */
static inline uint64_t
varint_bits(long op, int64_t v)
{
    return op == OP_VARINT ? zigzag(v) & U32_MAX : op == OP_VARLONG ? zigzag(v) : (uint64_t)v;
}

/* a - b, or Fallback when it does not fit 128 bits (the field's range is checked after) */
static inline int
wide_difference(kf_wide a, kf_wide b, kf_wide *out)
{
    if (__builtin_sub_overflow(a, b, out))
        return fail("value too far out of range");
    return 0;
}

/* A record to build: a native Record's fields, or an appended record's values (the
 * RecordAppender below), borrowed. */
typedef struct {
    PyObject *key, *value; /* exact bytes or None (checked by blob_pieces) */
    RecordObject *rec;     /* the Record whose headers to write (kf_headers), or NULL: */
    PyObject *headers;     /* a list or tuple of pairs (checked while written) */
    const RecordInts *n;
} RecordRef;

static inline RecordRef
record_ref(RecordObject *rec)
{
    RecordRef ref = {rec->key, rec->value, rec, NULL, &rec->n};
    return ref;
}

/* The headers of ref: a Record's tuple (made from its raw bytes first if need be), or the
 * appended list or tuple; NULL with an exception set. */
static inline PyObject *
ref_headers(const RecordRef *ref)
{
    if (ref->rec)
        return kf_headers(ref->rec); /* a tuple of exact pairs */
    if (!PyList_CheckExact(ref->headers) && !PyTuple_CheckExact(ref->headers))
        return fail_null("headers not a list or tuple");
    return ref->headers;
}

/* Header j of headers (ref_headers) as an exact (key, value) tuple, or NULL (Fallback). */
static inline PyObject *
header_pair(PyObject *headers, Py_ssize_t j)
{
    PyObject *pair = PySequence_Fast_GET_ITEM(headers, j);
    if (!PyTuple_CheckExact(pair) || PyTuple_GET_SIZE(pair) != 2)
        return fail_null("a header is not a pair");
    return pair;
}

static int
build_headers(Writer *w, RecordLayout *layout, RecordField *f, PyObject *headers)
{
    Py_ssize_t n = PySequence_Fast_GET_SIZE(headers); /* a list or tuple (ref_headers) */
    if (put_length(w, f->prefix, n) < 0)
        return -1;
    if (layout->headers_direct) {
        /* exact tuples, str and bytes read in C: no Python code runs, so no pair needs a
         * reference of its own (the list's size is still checked at each pair) */
        for (Py_ssize_t j = 0; j < n; j++) {
            PyObject *pair = j < PySequence_Fast_GET_SIZE(headers) ? header_pair(headers, j)
                                                                  : fail_null("headers changed");
            if (!pair ||
                build_blob(w, layout->header_key.prefix, 0, 1, PyTuple_GET_ITEM(pair, 0)) < 0 ||
                build_blob(w, layout->header_value.prefix, layout->header_value.nullable, 0,
                           PyTuple_GET_ITEM(pair, 1)) < 0)
                return -1;
        }
        return 0;
    }
    PyObject *element = PyTuple_GET_ITEM(f->plan, 3);
    for (Py_ssize_t j = 0; j < n; j++) {
        /* a list may change under us only through the values' own code: re-check size */
        if (j >= PySequence_Fast_GET_SIZE(headers))
            return fail("headers changed while building");
        PyObject *pair = PySequence_Fast_GET_ITEM(headers, j);
        Py_INCREF(pair);
        int rc = build_node(w, element, pair);
        Py_DECREF(pair);
        if (rc < 0)
            return -1;
    }
    return 0;
}

/* A blob (exact bytes, or an exact str as UTF-8 when text; None only when nullable) as its
 * length piece and, unless null or empty, its bytes; build_blob writes them. */
static inline __attribute__((always_inline)) int
blob_pieces(long prefix, int nullable, int text, PyObject *value, Piece *pc, int *count)
{
    const char *data;
    Py_ssize_t n;
    if (value == Py_None) {
        if (!nullable)
            return fail("null in a non-nullable field");
        *count = 1;
        return length_piece(prefix, -1, pc);
    }
    data = plain_blob(text, value, &n);
    if (!data) {
        if (!text)
            return fail("not bytes");
        if (!PyUnicode_CheckExact(value))
            return fail("not a str");
        data = PyUnicode_AsUTF8AndSize(value, &n);
        if (!data) {
            PyErr_Clear();
            return fail("not UTF-8 encodable");
        }
    }
    if (length_piece(prefix, n, pc) < 0)
        return -1;
    *count = 1;
    if (n) {
        pc[1].p = data;
        pc[1].n = n;
        *count = 2;
    }
    return 0;
}

/* A record's number field as its node encodes it, range-checked (out of range: Fallback, and
 * the Python path names the field), written straight into the buffer. */
static inline __attribute__((always_inline)) int
put_record_int(Writer *w, const RecordField *f, kf_wide v)
{
    const IntForm *form = f->form;
    if (!form)
        return fail("not an integer node");
    int64_t x = (int64_t)v; /* every form's range is within int64: compared in 64 bits */
    if ((kf_wide)x != v || x < form->lo || x > form->hi)
        return fail("int out of range");
    if (reserve(w, 10) < 0)
        return -1;
    uint8_t *q = (uint8_t *)w->buf + w->len;
    int size = form->size;
    if (size == 0)
        q = write_uvarint(q, varint_bits(f->op, x));
    else {
        uint64_t u = (uint64_t)x; /* big-endian, its low size bytes */
        for (int i = size - 1; i >= 0; i--) {
            q[i] = (uint8_t)(u & 0xFF);
            u >>= 8;
        }
        q += size;
    }
    w->len = (char *)q - w->buf;
    return 0;
}

/* Field f of rec, written. A record's deltas are from the batch's bases (LogAppendTime
 * batches keep each record's stored timestamp_delta). */
static inline __attribute__((always_inline)) int
put_record_field(Writer *w, RecordLayout *layout, RecordField *f, const RecordRef *rec)
{
    kf_wide v;
    switch (f->slot) {
    case KF_KEY:
        return build_blob(w, f->prefix, f->nullable, 0, rec->key);
    case KF_VALUE:
        return build_blob(w, f->prefix, f->nullable, 0, rec->value);
    case KF_HEADERS: {
        PyObject *headers = ref_headers(rec); /* raw headers: the tuple, canonical bytes */
        return headers ? build_headers(w, layout, f, headers) : -1;
    }
    case KF_ATTRIBUTES:
        return put_record_int(w, f, rec->n->attributes);
    case KF_OFFSET_DELTA:
        if (wide_difference(rec->n->offset, layout->base_offset, &v) < 0)
            return -1;
        return put_record_int(w, f, v);
    default: /* KF_TIMESTAMP_DELTA */
        if (layout->log_append)
            v = rec->n->timestamp_delta;
        else if (wide_difference(rec->n->timestamp, layout->base_timestamp, &v) < 0)
            return -1;
        return put_record_int(w, f, v);
    }
}

/* One record as the struct of a RECORD node: each field written in turn. */
static int
build_record(Writer *w, RecordLayout *layout, const RecordRef *rec)
{
    for (Py_ssize_t i = 0; i < layout->n; i++)
        if (put_record_field(w, layout, &layout->f[i], rec) < 0)
            return -1;
    return 0;
}

/* An element holding a RECORD node (record_node): a length-prefixed record is written in
 * place after room for its prefix, the prefix then written in front. A varint prefix's size
 * is guessed (*guess: the last record's, records of a batch being alike in size); when the
 * length needs another size the record is moved once (and the guess updated). Nothing of
 * the record is left on failure. */
static int
build_record_element(Writer *w, PyObject *element, PyObject *record, RecordLayout *layout,
                     const RecordRef *rec, int *guess)
{
    if (element == record)
        return build_record(w, layout, rec);
    long prefix = int_at(element, 1);
    Py_ssize_t start = w->len;
    if (prefix == PFX_INT16 || prefix == PFX_INT32) {
        Py_ssize_t at = hold_length(w, prefix);
        if (at < 0 || build_record(w, layout, rec) < 0 || backfill_length(w, prefix, at) < 0)
            goto error;
        return 0;
    }
    int room = *guess;
    if (reserve(w, room) < 0)
        return -1;
    w->len += room;
    if (build_record(w, layout, rec) < 0)
        goto error;
    Py_ssize_t n = w->len - start - room;
    Piece pc;
    if (length_piece(prefix, n, &pc) < 0)
        goto error;
    int size = (int)piece_size(&pc);
    if (size != room) {
        if (size > room && reserve(w, size - room) < 0)
            goto error;
        memmove(w->buf + start + size, w->buf + start + room, (size_t)n);
        w->len += size - room;
        *guess = size;
    }
    char *at = w->buf + start;
    write_piece(&at, &pc);
    return 0;
error:
    w->len = start;
    return -1;
}

/* (OP_RECORD, ...) given a tuple of the struct's values or a dict: the struct's plan builds it
 * (the Python path's values; see OP_FACTORY). */
static int build_struct_values(Writer *w, PyObject *struct_plan, PyObject *value);

#define RESERVE_AHEAD ((Py_ssize_t)16 << 20)

/* The items of a list or tuple, each built with element (n checked by the caller). */
static int
build_items(Writer *w, PyObject *element, PyObject *seq)
{
    PyObject *record = record_node(element);
    RecordLayout layout;
    if (record && record_layout(record, w->ctx, &layout) < 0)
        return -1;
    int rc = 0, guess = 1;
    for (Py_ssize_t i = 0; rc == 0 && i < PySequence_Fast_GET_SIZE(seq); i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(seq, i);
        Py_INCREF(item);
        if (record && kf_Record_CheckExact(item)) {
            Py_ssize_t before = w->len;
            RecordRef ref = record_ref((RecordObject *)item);
            rc = build_record_element(w, element, record, &layout, &ref, &guess);
            /* after the first record, room for the others at its size (at most 16 MiB
             * ahead: records of very different sizes still grow by doubling) */
            Py_ssize_t left = PySequence_Fast_GET_SIZE(seq) - i - 1, size = w->len - before;
            if (rc == 0 && i == 0 && left > 0) {
                Py_ssize_t ahead = size > RESERVE_AHEAD / left ? RESERVE_AHEAD : size * left;
                rc = reserve(w, ahead + ahead / 8);
            }
        }
        else
            rc = build_node(w, element, item);
        Py_DECREF(item);
    }
    if (record)
        layout_clear(&layout);
    return rc;
}

static int
build_array(Writer *w, PyObject *plan, PyObject *value)
{
    long prefix = int_at(plan, 1);
    int nullable = (PyTuple_GET_ITEM(plan, 2) == Py_True);
    PyObject *element = PyTuple_GET_ITEM(plan, 3);
    if (value == Py_None) {
        if (!nullable)
            return fail("null in a non-nullable array");
        return put_length(w, prefix, -1);
    }
    if (!PyList_CheckExact(value) && !PyTuple_CheckExact(value))
        return fail("not a list");
    PyObject *fast = value; /* a list or a tuple: PySequence_Fast_* reads both */
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (put_length(w, prefix, n) < 0)
        return -1;
    for (Py_ssize_t i = 0; i < n; i++) {
        /* a list may change under us only through the values' own code: re-check size */
        if (i >= PySequence_Fast_GET_SIZE(fast))
            return fail("array changed while building");
        PyObject *item = PySequence_Fast_GET_ITEM(fast, i);
        Py_INCREF(item);
        int rc = build_node(w, element, item);
        Py_DECREF(item);
        if (rc < 0)
            return -1;
    }
    return 0;
}

/* ------------------------------------------------- magic 0/1 record sets (build) */

/* A value of a Flat slot on build (flat_write): an int, or a blob (bytes or None). */
typedef struct {
    int64_t v;
    PyObject *blob; /* borrowed: bytes, or Py_None for null */
    int kind;       /* 0 unset, 1 int, 3 blob */
} FlatOut;

/* A referenced value on build: a slot already written or an outer value (as flat_int). */
static int
flat_out_int(const Flat *f, const FlatOut *vals, int ref, int64_t *out)
{
    if (ref >= 0) {
        if (vals[ref].kind != 1)
            return fail("referenced field not an int");
        *out = vals[ref].v;
        return 0;
    }
    int i = -2 - ref;
    if (ref > -2 || i >= f->outers || !f->outer_ok[i])
        return fail("referenced field missing or not an int");
    *out = f->outer[i];
    return 0;
}

/* v written as integer node op, range-checked (out of range: Fallback). */
static int
flat_put_int(Writer *w, long op, int64_t v)
{
    const IntForm *form = int_form(op);
    if (!form || v < form->lo || v > form->hi)
        return fail("number out of its field's range");
    return form->size ? put_be(w, (uint64_t)v, form->size) : put_uvarint(w, varint_bits(op, v));
}

/* One struct by the steps from vals, the build side of flat_read: each step writes its slot
 * with the checks build_node applies to its node (a CHECKED slot left unset takes the value
 * its reference says it must equal; an IF whose condition fails writes nothing); a region is
 * built in place, its length backfilled, and a CRC step's checksum covers the rest of its
 * region. Slots are filled as they are written (references read them). 0 or -1 (Fallback). */
static int
flat_write(const Flat *f, Writer *w, FlatOut *vals)
{
    Py_ssize_t at[FLAT_STEPS], crc_at[FLAT_STEPS];
    PyObject *crc_function[FLAT_STEPS];
    long prefix[FLAT_STEPS];
    int regions = 0;
    for (int k = 0; k < f->steps; k++) {
        const FlatStep *st = &f->step[k];
        FlatOut *v = st->slot >= 0 ? &vals[st->slot] : NULL;
        int64_t other;
        switch (st->kind) {
        case ST_REGION:
            if (st->prefix != PFX_INT16 && st->prefix != PFX_INT32)
                return fail("a region prefix the steps do not build");
            if ((at[regions] = hold_length(w, st->prefix)) < 0)
                return -1;
            prefix[regions] = st->prefix;
            crc_at[regions++] = -1;
            break;
        case ST_END: {
            int i = --regions;
            if (crc_at[i] >= 0) {
                uint32_t crc;
                Py_ssize_t from = crc_at[i] + 4;
                if (checksum(crc_function[i], w->buf + from, w->len - from, &crc) < 0)
                    return -1;
                uint8_t *p = (uint8_t *)w->buf + crc_at[i];
                p[0] = (uint8_t)(crc >> 24);
                p[1] = (uint8_t)(crc >> 16);
                p[2] = (uint8_t)(crc >> 8);
                p[3] = (uint8_t)crc;
            }
            if (backfill_length(w, prefix[i], at[i]) < 0)
                return -1;
            break;
        }
        case ST_CRC: /* room now, the checksum at the end of its region */
            if (!regions || crc_at[regions - 1] >= 0)
                return fail("a CRC the steps do not build");
            crc_at[regions - 1] = w->len;
            crc_function[regions - 1] = st->function;
            if (put_be(w, 0, 4) < 0)
                return -1;
            v->kind = 0;
            break;
        case ST_INT:
            if (v->kind != 1)
                return fail("missing number field");
            if (flat_put_int(w, st->op, v->v) < 0)
                return -1;
            break;
        case ST_CHECK: {
            if (v->kind != 1) {
                if (st->ref == -1 || flat_out_int(f, vals, st->ref, &v->v) < 0)
                    return fail("missing number field");
                v->kind = 1;
            }
            if (flat_allowed(st, v->v) < 0)
                return -1;
            if (st->ref != -1) {
                if (flat_out_int(f, vals, st->ref, &other) < 0)
                    return -1;
                if (other != v->v)
                    return fail("value differs from the field it must equal");
            }
            if (st->clear != -1) { /* as check_int when building */
                if (st->clear == FLAT_UNRESOLVED || flat_out_int(f, vals, st->clear, &other) < 0)
                    return fail("bits to check the steps do not resolve");
                PyObject *pairs = PyTuple_GET_ITEM(PyTuple_GET_ITEM(st->node, 5), 1);
                Py_ssize_t m = PyTuple_GET_SIZE(pairs), j;
                for (j = 0; j < m && int_at(PyTuple_GET_ITEM(pairs, j), 0) != other; j++)
                    ;
                if (j == m)
                    return fail("no bits to check for this value");
                if (v->v & (int64_t)int_at(PyTuple_GET_ITEM(pairs, j), 1))
                    return fail("bits that must be clear are set");
            }
            if (flat_put_int(w, st->op, v->v) < 0)
                return -1;
            break;
        }
        case ST_IF: {
            if (flat_out_int(f, vals, st->ref, &other) < 0)
                return -1;
            int overflow;
            long long want = PyLong_AsLongLongAndOverflow(st->node, &overflow);
            if (want == -1 && PyErr_Occurred())
                return -1;
            if (overflow || other != want) { /* Pass: nothing on the wire, any value */
                v->kind = 0;
                break;
            }
            if (v->kind != 1)
                return fail("missing number field");
            if (flat_put_int(w, st->op, v->v) < 0)
                return -1;
            break;
        }
        case ST_BYTES:
            if (v->kind != 3)
                return fail("missing blob field");
            if (build_blob(w, st->prefix, st->nullable, 0, v->blob) < 0)
                return -1;
            break;
        case ST_WRAPPED: { /* a plain message's value: its codec (the WRAPPED's) is 0 */
            int codec = f->nscope ? flat_slot(f, f->scope[0], PyTuple_GET_ITEM(st->node, 4))
                                  : -1;
            if (codec < 0 || vals[codec].kind != 1 ||
                (vals[codec].v & (int64_t)int_at(st->node, 5)) != 0)
                return fail("a compressed value the steps do not build");
            if (v->kind != 3)
                return fail("missing blob field");
            if (build_blob(w, st->prefix, 1, 0, v->blob) < 0)
                return -1;
            break;
        }
        default:
            return fail("a step the build side does not take");
        }
    }
    return regions ? fail("region not closed") : 0;
}

/* (OP_RECORD_SET, ...) on build: a list of native Records, each written by the element's
 * steps (flat_write) with the inverse of the parse rules (LegacyRecordShape.wire_offset in
 * kformat/records/legacy_blocks.py): the offset as it is, or when the wrapper's magic is the
 * relative magic, minus the first record's; the message's timestamp, key, value and
 * attributes from the record's (its magic: the wrapper's, as the element's plan says). A
 * record with headers, or any value that is not a native Record, raises Fallback (a list
 * of dicts builds through the element's plan). */
static int
build_record_set(Writer *w, PyObject *plan, PyObject *value)
{
    if (!PyList_CheckExact(value) && !PyTuple_CheckExact(value))
        return fail("not a list");
    Py_ssize_t n = PySequence_Fast_GET_SIZE(value);
    int records = n > 0 && PyTuple_GET_ITEM(plan, 2) == (PyObject *)&kf_RecordType;
    for (Py_ssize_t i = 0; records && i < n; i++)
        records = kf_Record_CheckExact(PySequence_Fast_GET_ITEM(value, i));
    if (!records) /* dicts (or nothing): the element's plan, as GREEDY builds them */
        return build_items(w, PyTuple_GET_ITEM(plan, 1), value);
    int64_t magic;
    if (ref_int(w->ctx, w->up, PyTuple_GET_ITEM(PyTuple_GET_ITEM(plan, 5), 0), &magic) < 0)
        return -1;
    int relative = magic == int_at(plan, 6);
    Flat f;
    flat_compile(&f, plan, w->depth);
    if (!f.ok)
        return fail("record set element the steps do not take");
    flat_outers_from(&f, w->ctx, w->up);
    kf_wide first = ((RecordObject *)PySequence_Fast_GET_ITEM(value, 0))->n.offset;
    FlatOut vals[FLAT_SLOTS];
    for (Py_ssize_t i = 0; i < n; i++) {
        /* a checksum function of the records layer's may run Python code: re-check */
        if (PySequence_Fast_GET_SIZE(value) != n)
            return fail("record list changed while building");
        RecordObject *rec = (RecordObject *)PySequence_Fast_GET_ITEM(value, i);
        if (!kf_Record_CheckExact((PyObject *)rec))
            return fail("record list changed while building");
        if (rec->raw_count || (rec->headers && PyTuple_GET_SIZE(rec->headers)))
            return fail("a magic 0/1 record with headers");
        kf_wide offset = relative ? rec->n.offset - first : rec->n.offset;
        kf_wide stamp = rec->n.timestamp;
        if (offset < INT64_MIN || offset > INT64_MAX)
            return fail("record offset out of int64 range");
        memset(vals, 0, sizeof vals);
        vals[f.offset_slot] = (FlatOut){(int64_t)offset, NULL, 1};
        if (stamp >= INT64_MIN && stamp <= INT64_MAX) /* else unset: refused if written */
            vals[f.stamp_slot] = (FlatOut){(int64_t)stamp, NULL, 1};
        vals[f.attributes_slot] = (FlatOut){rec->n.attributes, NULL, 1};
        vals[f.key_slot] = (FlatOut){0, rec->key, 3};
        vals[f.value_slot] = (FlatOut){0, rec->value, 3};
        Py_ssize_t before = w->len;
        Py_INCREF(rec); /* its key and value stay alive while written */
        int rc = flat_write(&f, w, vals);
        Py_DECREF(rec);
        if (rc < 0)
            return -1;
        if (i == 0 && n > 1) { /* room for the others at the first one's size */
            Py_ssize_t size = w->len - before, left = n - 1;
            Py_ssize_t ahead = size > RESERVE_AHEAD / left ? RESERVE_AHEAD : size * left;
            if (reserve(w, ahead + ahead / 8) < 0)
                return -1;
        }
    }
    return 0;
}


/* The slot a reference (levels, name) made at the WRAPPED field of f names (levels out of
 * the struct holding it), or -1. */
static int
flat_scope_slot(const Flat *f, PyObject *ref)
{
    long up = int_at(ref, 0);
    if (up < 0 || up >= f->nscope)
        return -1;
    return flat_slot(f, f->scope[up], PyTuple_GET_ITEM(ref, 1));
}

/* legacy_messages(entry, records, magic): the bytes of magic 0/1 entries, one plain message
 * (no codec) per native Record, written by the entry plan's steps (flat_write); the entry's
 * value is a WRAPPED blob whose inner plan is the RECORD_SET node naming the fields (its
 * references to the wrapper's magic, attributes, timestamp and offset are the entry's own
 * fields here). The rules (LegacyRecordShape.message_attributes, legacy_blocks.py): the
 * record's offset, timestamp, key and value; its attributes without the codec bits (the
 * WRAPPED node's mask) and the LogAppendTime flag, the flag set on the relative magic when
 * the record's timestamp type is not CreateTime. Anything else (headers, numbers out of
 * range, a value that is not a native Record): Fallback. */
static PyObject *
native_legacy_messages(PyObject *self, PyObject *args)
{
    PyObject *entry, *records;
    long long magic;
    if (!PyArg_ParseTuple(args, "O!OL", &PyTuple_Type, &entry, &records, &magic))
        return NULL;
    if (!PyList_CheckExact(records) && !PyTuple_CheckExact(records))
        return fail_null("not a list");
    Flat f;
    if (op_of(entry) != OP_STRUCT || flat_compile_struct(&f, entry) < 0 || f.wrapped < 0 ||
        f.outers)
        return fail_null("an entry plan the steps do not take");
    PyObject *wrapped = f.step[f.wrapped].node, *set = PyTuple_GET_ITEM(wrapped, 9);
    if (!PyTuple_Check(set) || op_of(set) != OP_RECORD_SET ||
        PyTuple_GET_ITEM(set, 2) != (PyObject *)&kf_RecordType)
        return fail_null("an entry plan without a record set");
    PyObject *refs = PyTuple_GET_ITEM(set, 5), *names = PyTuple_GET_ITEM(set, 4);
    int magic_slot = flat_scope_slot(&f, PyTuple_GET_ITEM(refs, 0));
    int attributes_slot = flat_scope_slot(&f, PyTuple_GET_ITEM(refs, 1));
    int stamp_slot = flat_scope_slot(&f, PyTuple_GET_ITEM(refs, 2));
    int offset_slot = flat_scope_slot(&f, PyTuple_GET_ITEM(refs, 3));
    int key_slot = f.nscope ? flat_slot(&f, f.scope[0], PyTuple_GET_ITEM(names, 1)) : -1;
    int value_slot = f.step[f.wrapped].slot;
    if (magic_slot < 0 || attributes_slot < 0 || stamp_slot < 0 || offset_slot < 0 ||
        key_slot < 0 || PyTuple_GET_ITEM(wrapped, 2) != PyTuple_GET_ITEM(names, 2))
        return fail_null("an entry plan without the record set's fields");
    int64_t flag = int_at(set, 7), clear = int_at(wrapped, 5) | flag;
    int relative = magic == int_at(set, 6);
    Py_ssize_t n = PySequence_Fast_GET_SIZE(records);
    Writer w = {NULL, 0, 0, 0, NULL, NULL, NULL, NULL};
    writer_take_scratch(&w);
    FlatOut vals[FLAT_SLOTS];
    int rc = 0;
    for (Py_ssize_t i = 0; rc == 0 && i < n; i++) {
        if (PySequence_Fast_GET_SIZE(records) != n) { /* a checksum function ran Python */
            rc = fail("record list changed while building");
            break;
        }
        RecordObject *rec = (RecordObject *)PySequence_Fast_GET_ITEM(records, i);
        if (!kf_Record_CheckExact((PyObject *)rec)) {
            rc = fail("not a native Record");
            break;
        }
        if (rec->raw_count || (rec->headers && PyTuple_GET_SIZE(rec->headers))) {
            rc = fail("a magic 0/1 record with headers");
            break;
        }
        kf_wide offset = rec->n.offset, stamp = rec->n.timestamp;
        if (offset < INT64_MIN || offset > INT64_MAX) {
            rc = fail("record offset out of int64 range");
            break;
        }
        int64_t attributes = rec->n.attributes & ~clear;
        if (relative && rec->n.timestamp_type != 0)
            attributes |= flag;
        memset(vals, 0, sizeof vals);
        vals[offset_slot] = (FlatOut){(int64_t)offset, NULL, 1};
        vals[magic_slot] = (FlatOut){(int64_t)magic, NULL, 1};
        vals[attributes_slot] = (FlatOut){attributes, NULL, 1};
        if (stamp >= INT64_MIN && stamp <= INT64_MAX) /* else unset: refused if written */
            vals[stamp_slot] = (FlatOut){(int64_t)stamp, NULL, 1};
        vals[key_slot] = (FlatOut){0, rec->key, 3};
        vals[value_slot] = (FlatOut){0, rec->value, 3};
        Py_ssize_t before = w.len;
        Py_INCREF(rec);
        rc = flat_write(&f, &w, vals);
        Py_DECREF(rec);
        if (rc == 0 && i == 0 && n > 1) { /* room for the others at the first one's size */
            Py_ssize_t size = w.len - before, left = n - 1;
            Py_ssize_t ahead = size > RESERVE_AHEAD / left ? RESERVE_AHEAD : size * left;
            rc = reserve(&w, ahead + ahead / 8);
        }
    }
    PyObject *out = rc == 0 ? PyBytes_FromStringAndSize(w.buf ? w.buf : "", w.len) : NULL;
    writer_release(&w);
    return out;
}


/* ------------------------------------------------- magic 0/1 entries to batches (parse) */

#define CODEC_VARIANTS 8 /* the codec bits' values */

/* The Batch fields legacy_batches sets (kformat/records/legacy.py, _batch_spec: the names
 * in this order) and those of a wrapper's LegacyWrapper. */
enum { LB_BASE_OFFSET, LB_MAGIC, LB_CODEC, LB_RECORDS, LB_CRC, LB_CRC_VALID, LB_ATTRIBUTES,
       LB_TIMESTAMP_TYPE, LB_LAST_OFFSET_DELTA, LB_BASE_TIMESTAMP, LB_MAX_TIMESTAMP,
       LB_BATCH_LENGTH, LB_POSITION, LB_SIZE, LB_WIRE, LB_FIELDS };
enum { LW_OFFSET, LW_ATTRIBUTES, LW_TIMESTAMP, LW_KEY, LW_VALUE, LW_FINGERPRINT, LW_FIELDS };

/* The compiled entry plan and what makes its batches (legacy_batches). */
typedef struct {
    Flat entry, set;         /* the entry; the element of a wrapper's record set */
    PyObject *wrapped, *set_plan;
    int offset, magic, attributes, timestamp, key, value, crc; /* entry slots */
    int outer[FLAT_SLOTS];   /* the entry slot of each outer value of set */
    int64_t codec_mask;
    PyObject *batch_type, *template, *names, *codecs, *stamp_types, *wrapper_type, *wnames;
    Py_ssize_t overhead;     /* offset and message_size: an entry's bytes before its message */
    /* while a call runs: the template with the fields one kind of entry (magic, codec,
     * timestamp type) shares set, made when first needed; the last size's ints (entries of
     * one size in a row share them) */
    PyObject *variant[2][CODEC_VARIANTS][2];
    Py_ssize_t last_size;
    PyObject *size_obj, *length_obj;
} LegacyBatches;

/* dict[names[i]] = value (stolen); 0 or -1. */
static int
set_field(PyObject *dict, PyObject *names, int i, PyObject *value)
{
    if (!value)
        return -1;
    int rc = PyDict_SetItem(dict, PyTuple_GET_ITEM(names, i), value);
    Py_DECREF(value);
    return rc;
}

/* The template of batches of magic, codec and timestamp type stamp (borrowed), or NULL. */
static PyObject *
legacy_variant(LegacyBatches *L, int64_t magic, int64_t codec, int stamp, int verify)
{
    if (magic < 0 || magic > 1 || codec < 0 || codec >= CODEC_VARIANTS || stamp < 0 ||
        stamp > 1 || codec >= PyTuple_GET_SIZE(L->codecs))
        return fail_null("a magic 0/1 entry without a batch template");
    PyObject **slot = &L->variant[magic][codec][stamp];
    if (*slot)
        return *slot;
    PyObject *dict = PyDict_Copy(L->template), *names = L->names;
    if (!dict || set_field(dict, names, LB_MAGIC, PyLong_FromLongLong(magic)) < 0 ||
        PyDict_SetItem(dict, PyTuple_GET_ITEM(names, LB_CODEC),
                       PyTuple_GET_ITEM(L->codecs, codec)) < 0 ||
        PyDict_SetItem(dict, PyTuple_GET_ITEM(names, LB_CRC_VALID),
                       verify ? Py_True : Py_None) < 0 ||
        PyDict_SetItem(dict, PyTuple_GET_ITEM(names, LB_TIMESTAMP_TYPE),
                       PyTuple_GET_ITEM(L->stamp_types, stamp)) < 0 ||
        (codec == 0 && set_field(dict, names, LB_LAST_OFFSET_DELTA, PyLong_FromLong(0)) < 0)) {
        Py_XDECREF(dict);
        return NULL;
    }
    return *slot = dict;
}

static void
legacy_batches_clear(LegacyBatches *L)
{
    for (int m = 0; m < 2; m++)
        for (int c = 0; c < CODEC_VARIANTS; c++)
            for (int t = 0; t < 2; t++)
                Py_CLEAR(L->variant[m][c][t]);
    Py_CLEAR(L->size_obj);
    Py_CLEAR(L->length_obj);
}

/* A new instance of type with dict as its __dict__ (no __init__ runs: the caller gives
 * every field the constructor would set). Steals dict. */
static PyObject *
instance_with(PyObject *type, PyObject *dict)
{
    PyTypeObject *tp = (PyTypeObject *)type;
    PyObject *obj = dict ? tp->tp_alloc(tp, 0) : NULL;
#if PY_VERSION_HEX >= 0x030D0000
    /* 3.13 keeps a new instance's attributes inline: a dict set in their place is not seen
     * by attribute lookups, so the fields go into the instance's own dict instead. The update
     * makes that dict tracked by the cyclic GC whenever a value is a container (a list, an
     * enum member): an untracked dict given here (the caller's decision, see legacy_batch)
     * leaves it untracked, as on 3.11 and 3.12. The instance stays tracked and visits its
     * inline values itself, so a cycle through an attribute set later is still collected. */
    PyObject *own = obj ? PyObject_GenericGetDict(obj, NULL) : NULL;
    if (!own || PyDict_Update(own, dict) < 0)
        Py_CLEAR(obj);
    else if (!PyObject_GC_IsTracked(dict) && PyObject_GC_IsTracked(own))
        PyObject_GC_UnTrack(own);
    Py_XDECREF(own);
#else
    if (obj && PyObject_GenericSetDict(obj, dict, NULL) < 0)
        Py_CLEAR(obj);
#endif
    Py_XDECREF(dict);
    return obj;
}

/* A CRC-32 flat_read left to its caller (Flat.defer_crc): the bytes it covers, the stored
 * value. */
typedef struct {
    const uint8_t *p;
    Py_ssize_t n;
    uint32_t stored;
} PendingCrc;
#define CRC_RUN 32

/* The slot of f's one CRC step when it runs the extension's CRC-32 (what crc_check_run
 * computes), else -1: only then may its check be deferred. */
static int
flat_deferrable_crc(const Flat *f)
{
    int slot = -1;
    for (int k = 0; k < f->steps; k++) {
        if (f->step[k].kind != ST_CRC)
            continue;
        if (slot >= 0 || kf_crc_algorithm(f->step[k].function) != KF_CRC32)
            return -1;
        slot = f->step[k].slot;
    }
    return slot;
}

/* Check and clear the pending CRCs (the CRC node's function is the extension's CRC-32:
 * flat_crc_slot's callers checked it); 0, or -1 (Fallback) on a mismatch. */
static int
crc_check_run(PendingCrc *pending, int *n)
{
    int bad = 0;
    for (int i = 0; i < *n; i++)
        bad |= kf_crc(KF_CRC32, pending[i].p, pending[i].n) != pending[i].stored;
    *n = 0;
    return bad ? fail("CRC mismatch") : 0;
}

int
legacy_inner_open(Flat *set, const int *outer, PyObject *wrapped, const Reader *r,
                  const FlatValue *vals, const FlatValue *value, int64_t magic, int64_t codec,
                  Plain *plain, Reader *sub)
{
    for (int i = 0; i < set->outers; i++) { /* the values the inner plan refers to */
        set->outer_ok[i] = vals[outer[i]].kind == 1;
        set->outer[i] = vals[outer[i]].v;
    }
    Reader blob = *r;
    blob.pos = value->at;
    blob.end = value->at + value->len;
    PyObject *m = PyLong_FromLongLong(magic);
    if (!m || decompress_with(&blob, PyTuple_GET_ITEM(wrapped, 7), PyTuple_GET_ITEM(wrapped, 8),
                              m, codec, plain) < 0) {
        Py_XDECREF(m);
        return -1;
    }
    Py_DECREF(m);
    *sub = (Reader){plain->buf, 0, plain->len, r->depth, 0, NULL, r->verify, r->limit, NULL,
                    plain->holder};
    return 0;
}

/* The records of a wrapper's inner set, decompressed from its value (vals: the entry's), by
 * the RECORD_SET rules (parse_record_set). NULL with an exception. */
static PyObject *
legacy_inner_records(LegacyBatches *L, Reader *r, FlatValue *vals, int64_t magic,
                     int64_t codec, int relative, int log_append, kf_wide wrapper_offset)
{
    const FlatValue *value = &vals[L->value];
    if (value->kind != 3 || value->len < 0)
        return fail_null("a compressed value is null");
    int64_t wrapper_stamp = log_append ? vals[L->timestamp].v : 0;
    Plain plain;
    Reader sub;
    if (legacy_inner_open(&L->set, L->outer, L->wrapped, r, vals, value, magic, codec, &plain,
                          &sub) < 0)
        return NULL;
    FlatValue inner[FLAT_SLOTS];
    PyObject *list = PyList_New(0);
    RecordInts first = {0};
    kf_wide last = 0;
    /* the inner messages' CRCs checked CRC_RUN at a time in a loop of their own, where the
     * CPU overlaps one message's chain of folds with the next's (inline, each waits on the
     * parse around it); a mismatch fails the entry as it would have inline */
    PendingCrc pending[CRC_RUN];
    int npending = 0, crc_slot = flat_deferrable_crc(&L->set);
    L->set.defer_crc = crc_slot >= 0;
    while (list && sub.pos < sub.end) {
        Py_ssize_t start = sub.pos;
        PyObject *record = NULL;
        Reader e = sub;
        if (flat_read(&L->set, &e, inner, NULL) == 0) {
            sub.pos = e.pos;
            if (sub.pos == start)
                fail("element without bytes");
            else
                record = flat_record(&L->set, &sub, inner, log_append, wrapper_stamp,
                                     PyList_GET_SIZE(list), &first);
            if (record && crc_slot >= 0 && inner[crc_slot].len >= 0) {
                pending[npending++] = (PendingCrc){sub.buf + inner[crc_slot].at,
                                                   inner[crc_slot].len, (uint32_t)inner[crc_slot].v};
                if (npending == CRC_RUN && crc_check_run(pending, &npending) < 0)
                    Py_CLEAR(record);
            }
        }
        if (!record || PyList_Append(list, record) < 0)
            Py_CLEAR(list);
        else
            last = ((RecordObject *)record)->n.offset;
        Py_XDECREF(record);
    }
    if (list && crc_check_run(pending, &npending) < 0)
        Py_CLEAR(list);
    decompress_close(&plain);
    if (list && relative) {
        kf_wide base = record_set_base(wrapper_offset, last);
        for (Py_ssize_t i = 0; base && i < PyList_GET_SIZE(list); i++)
            ((RecordObject *)PyList_GET_ITEM(list, i))->n.offset += base;
    }
    return list;
}

/* The Batch of the entry buf[pos:pos + size] (position base + pos), as _to_batch
 * (kformat/records/legacy.py) makes it from the value the entry plan parses to. NULL with an
 * exception (any: the caller leaves the entry to the Python path). */
static PyObject *
legacy_batch(LegacyBatches *L, Reader *r, Py_ssize_t pos, Py_ssize_t size, int verify)
{
    FlatValue vals[FLAT_SLOTS];
    if (flat_read(&L->entry, r, vals, NULL) < 0)
        return NULL;
    if (r->pos != r->end)
        return fail_null("entry not consumed");
    const FlatValue *o = &vals[L->offset], *m = &vals[L->magic], *a = &vals[L->attributes],
                    *t = &vals[L->timestamp], *c = &vals[L->crc];
    if (o->kind != 1 || m->kind != 1 || a->kind != 1 || c->kind != 1 ||
        (t->kind != 1 && t->kind != 2))
        return fail_null("a magic 0/1 field that is not an int");
    int64_t magic = m->v, attributes = a->v, codec = attributes & L->codec_mask;
    int relative, log_append;
    record_set_rules(L->set_plan, magic, attributes, &relative, &log_append);
    int has_stamp = t->kind == 1;
    int64_t timestamp = has_stamp ? t->v : -1;
    PyObject *records, *key = NULL, *value = NULL;
    kf_wide base_offset = o->v, base_timestamp = timestamp;
    if (!codec) {
        RecordInts ints = {0};
        ints.offset = o->v;
        ints.timestamp = timestamp;
        ints.attributes = attributes;
        ints.timestamp_type = log_append;
        PyObject *k = flat_blob(r, &vals[L->key]);
        PyObject *v = k ? flat_blob(r, &vals[L->value]) : NULL;
        PyObject *headers = v ? PyTuple_New(0) : NULL;
        PyObject *record = NULL;
        if (headers)
            record = kf_record_new(&ints, k, v, headers);
        else {
            Py_XDECREF(k);
            Py_XDECREF(v);
        }
        records = record ? PyList_New(1) : NULL;
        if (!records) {
            Py_XDECREF(record);
            return NULL;
        }
        PyList_SET_ITEM(records, 0, record);
    }
    else {
        records = legacy_inner_records(L, r, vals, magic, codec, relative, log_append, o->v);
        if (!records)
            return NULL;
        if (PyList_GET_SIZE(records)) {
            RecordObject *first = (RecordObject *)PyList_GET_ITEM(records, 0);
            base_offset = first->n.offset;
            base_timestamp = first->n.timestamp;
        }
        else
            base_timestamp = -1;
        key = flat_blob(r, &vals[L->key]);
        value = key ? flat_blob(r, &vals[L->value]) : NULL;
        if (!value) {
            Py_XDECREF(key);
            Py_DECREF(records);
            return NULL;
        }
    }
    if (magic != 1)
        base_timestamp = -1;
    if (codec >= PyTuple_GET_SIZE(L->codecs) || log_append > 1) {
        Py_XDECREF(key);
        Py_XDECREF(value);
        Py_DECREF(records);
        return fail_null("a codec without its enum member");
    }
    PyObject *codec_obj = PyTuple_GET_ITEM(L->codecs, codec);
    PyObject *stamp_type = PyTuple_GET_ITEM(L->stamp_types, log_append);
    PyObject *names = L->names, *variant = legacy_variant(L, magic, codec, log_append, verify);
    PyObject *dict = variant ? PyDict_Copy(variant) : NULL;
    kf_wide last_delta = (kf_wide)o->v - base_offset;
    if (dict && size != L->last_size) { /* the size's ints: new ones */
        Py_CLEAR(L->size_obj);
        Py_CLEAR(L->length_obj);
        L->size_obj = PyLong_FromSsize_t(size);
        L->length_obj = PyLong_FromSsize_t(size - L->overhead);
        L->last_size = L->size_obj && L->length_obj ? size : -1;
        if (L->last_size < 0)
            Py_CLEAR(dict);
    }
    PyObject *max_stamp = dict ? PyLong_FromLongLong(timestamp) : NULL;
    int rc = !max_stamp || PyDict_SetItem(dict, PyTuple_GET_ITEM(names, LB_RECORDS), records) < 0 ||
             set_field(dict, names, LB_BASE_OFFSET, kf_wide_as_long(base_offset)) < 0 ||
             set_field(dict, names, LB_CRC, PyLong_FromLongLong(c->v)) < 0 ||
             set_field(dict, names, LB_ATTRIBUTES, PyLong_FromLongLong(attributes)) < 0 ||
             (codec && set_field(dict, names, LB_LAST_OFFSET_DELTA,
                                 kf_wide_as_long(last_delta)) < 0) ||
             set_field(dict, names, LB_BASE_TIMESTAMP, base_timestamp == timestamp
                                                           ? Py_NewRef(max_stamp)
                                                           : kf_wide_as_long(base_timestamp)) < 0 ||
             PyDict_SetItem(dict, PyTuple_GET_ITEM(names, LB_MAX_TIMESTAMP), max_stamp) < 0 ||
             PyDict_SetItem(dict, PyTuple_GET_ITEM(names, LB_BATCH_LENGTH), L->length_obj) < 0 ||
             set_field(dict, names, LB_POSITION, PyLong_FromSsize_t(pos)) < 0 ||
             PyDict_SetItem(dict, PyTuple_GET_ITEM(names, LB_SIZE), L->size_obj) < 0
                 ? -1 : 0;
    Py_XDECREF(max_stamp);
    if (rc == 0 && codec) { /* the wrapper's bytes, for a byte-exact rebuild (LegacyWrapper) */
        /* _fingerprint: the fields a rebuild depends on, and the records as parsed */
        PyObject *items[7] = {PyLong_FromLongLong(magic), Py_NewRef(codec_obj),
                              Py_NewRef(stamp_type), PyLong_FromLongLong(timestamp),
                              kf_wide_as_long(base_offset), kf_wide_as_long(last_delta),
                              PyList_AsTuple(records)};
        PyObject *fp = NULL, *wn = L->wnames, *w = NULL;
        int made = 1;
        for (int i = 0; i < 7; i++)
            made &= items[i] != NULL;
        if (made)
            fp = PyTuple_New(7);
        for (int i = 0; i < 7; i++) {
            if (fp)
                PyTuple_SET_ITEM(fp, i, items[i]);
            else
                Py_XDECREF(items[i]);
        }
        PyObject *wd = fp ? PyDict_New() : NULL;
        rc = !wd ||
             set_field(wd, wn, LW_OFFSET, PyLong_FromLongLong(o->v)) < 0 ||
             set_field(wd, wn, LW_ATTRIBUTES, PyLong_FromLongLong(attributes)) < 0 ||
             set_field(wd, wn, LW_TIMESTAMP, has_stamp ? PyLong_FromLongLong(timestamp)
                                                       : Py_NewRef(Py_None)) < 0 ||
             PyDict_SetItem(wd, PyTuple_GET_ITEM(wn, LW_KEY), key) < 0 ||
             PyDict_SetItem(wd, PyTuple_GET_ITEM(wn, LW_VALUE), value) < 0 ||
             PyDict_SetItem(wd, PyTuple_GET_ITEM(wn, LW_FINGERPRINT), fp) < 0
                 ? -1 : 0;
        Py_XDECREF(fp);
        if (rc == 0) {
            w = instance_with(L->wrapper_type, wd);
            wd = NULL;
            rc = set_field(dict, L->names, LB_WIRE, w);
        }
        Py_XDECREF(wd);
    }
    Py_XDECREF(key);
    Py_XDECREF(value);
    if (rc < 0) {
        Py_DECREF(records);
        Py_XDECREF(dict);
        return NULL;
    }
    /* Neither the records (Records only) nor the fields (numbers, bytes, the enum members,
     * the records, a LegacyWrapper of such values) can be in a reference cycle: the list and
     * the dict are returned untracked by the cyclic GC, as parsed lists and dicts of atomic
     * values are (CPython tracks the dict again when a container is put into it). */
    PyObject_GC_UnTrack(records);
    Py_DECREF(records);
    if (PyObject_GC_IsTracked(dict))
        PyObject_GC_UnTrack(dict);
    return instance_with(L->batch_type, dict);
}

/* The slot of the first CRC step of f, or -1. */
static int
flat_crc_slot(const Flat *f)
{
    for (int k = 0; k < f->steps; k++) {
        if (f->step[k].kind == ST_CRC)
            return f->step[k].slot;
    }
    return -1;
}

/* Compile the entry plan (the RECORD_SET factory's) and the batch spec into L: 0, or -1
 * (Fallback) for a plan or spec it does not take. */
static int
legacy_batches_compile(LegacyBatches *L, PyObject *entry, PyObject *spec)
{
    memset(L, 0, sizeof *L);
    if (!PyTuple_Check(spec) || PyTuple_GET_SIZE(spec) != 8)
        return fail("bad legacy batch spec");
    L->batch_type = PyTuple_GET_ITEM(spec, 0);
    L->template = PyTuple_GET_ITEM(spec, 1);
    L->names = PyTuple_GET_ITEM(spec, 2);
    L->codecs = PyTuple_GET_ITEM(spec, 3);
    L->stamp_types = PyTuple_GET_ITEM(spec, 4);
    L->wrapper_type = PyTuple_GET_ITEM(spec, 5);
    L->wnames = PyTuple_GET_ITEM(spec, 6);
    L->overhead = PyLong_AsSsize_t(PyTuple_GET_ITEM(spec, 7));
    if (L->overhead == -1 && PyErr_Occurred())
        return -1;
    if (!PyType_Check(L->batch_type) || !PyType_Check(L->wrapper_type) ||
        !PyDict_CheckExact(L->template) || !PyTuple_Check(L->names) ||
        PyTuple_GET_SIZE(L->names) != LB_FIELDS || !PyTuple_Check(L->wnames) ||
        PyTuple_GET_SIZE(L->wnames) != LW_FIELDS || !PyTuple_Check(L->codecs) ||
        !PyTuple_Check(L->stamp_types) || PyTuple_GET_SIZE(L->stamp_types) != 2)
        return fail("bad legacy batch spec");
    Flat *e = &L->entry;
    if (op_of(entry) != OP_STRUCT || flat_compile_struct(e, entry) < 0 || e->wrapped < 0 ||
        e->outers || e->nscope < 1)
        return fail("an entry plan the steps do not take");
    L->wrapped = e->step[e->wrapped].node;
    L->set_plan = PyTuple_GET_ITEM(L->wrapped, 9);
    if (!PyTuple_Check(L->set_plan) || op_of(L->set_plan) != OP_RECORD_SET ||
        PyTuple_GET_ITEM(L->set_plan, 2) != (PyObject *)&kf_RecordType)
        return fail("an entry plan without a record set");
    flat_compile(&L->set, L->set_plan, 1);
    PyObject *refs = PyTuple_GET_ITEM(L->set_plan, 5), *names = PyTuple_GET_ITEM(L->set_plan, 4);
    L->magic = flat_scope_slot(e, PyTuple_GET_ITEM(refs, 0));
    L->attributes = flat_scope_slot(e, PyTuple_GET_ITEM(refs, 1));
    L->timestamp = flat_scope_slot(e, PyTuple_GET_ITEM(refs, 2));
    L->offset = flat_scope_slot(e, PyTuple_GET_ITEM(refs, 3));
    L->key = flat_slot(e, e->scope[0], PyTuple_GET_ITEM(names, 1));
    L->value = e->step[e->wrapped].slot;
    L->crc = flat_crc_slot(e);
    L->codec_mask = int_at(L->wrapped, 5);
    if (!L->set.ok || L->magic < 0 || L->attributes < 0 || L->timestamp < 0 || L->offset < 0 ||
        L->key < 0 || L->crc < 0 ||
        PyTuple_GET_ITEM(L->wrapped, 2) != PyTuple_GET_ITEM(names, 2) ||
        flat_slot(e, e->scope[0], PyTuple_GET_ITEM(L->wrapped, 4)) != L->attributes ||
        flat_slot(e, e->scope[0], PyTuple_GET_ITEM(L->wrapped, 6)) != L->magic)
        return fail("an entry plan without the record set's fields");
    for (int i = 0; i < L->set.outers; i++) {
        long up = L->set.outer_up[i];
        if (up < 0 || up >= e->nscope ||
            (L->outer[i] = flat_slot(e, e->scope[up], L->set.outer_name[i])) < 0)
            return fail("an inner reference the entry does not hold");
    }
    return 0;
}

/* ------------------------------------------------- runs of entries read in one call */

/* A Reader over the entry of size bytes at pos of a run's buffer (limit: the decompression
 * cap, None for the codec's default). */
static inline Reader
run_reader(const Py_buffer *view, Py_ssize_t pos, int64_t size, int verify, PyObject *limit)
{
    return (Reader){view->buf, pos, pos + (Py_ssize_t)size, 0, 0, NULL, verify,
                    limit == Py_None ? NULL : limit, NULL, view->obj};
}

/* The batch a run read (NULL: it failed) appended to *list: 1 when the run goes on; 0 when
 * it stops there, the failure cleared (an ordinary exception: the Python path reads that
 * entry, or raises the precise error) or *list cleared (anything else, MemoryError or an
 * interrupt, propagates). */
static int
run_append(PyObject **list, PyObject *batch)
{
    if (!batch) {
        if (PyErr_ExceptionMatches(PyExc_Exception))
            PyErr_Clear();
        else
            Py_CLEAR(*list);
        return 0;
    }
    int rc = PyList_Append(*list, batch);
    Py_DECREF(batch);
    if (rc < 0)
        Py_CLEAR(*list);
    return rc == 0;
}

/* legacy_batches(entry, data, pos, verify, limit, max_size, spec, max_entries, max_bytes,
 *                frame) -> (batches, end): the magic 0/1 entries from data[pos:] on (at most
 * max_entries of them, and none starting max_bytes or more past pos: a lazy iterator holds
 * no more than that), framed as frame says (kformat/records/framing.py, frame_numbers:
 * frame_size; its head must be the entry plan's overhead), each read by the entry plan's
 * steps (a wrapper's inner set by its RECORD_SET element's, the records by its rules) and
 * made the Batch that kformat/records/legacy.py's _to_batch makes of it (spec: _batch_spec
 * there), until the first entry that is not magic 0/1, does not frame (a length below the
 * minimum, above max_size, not whole in data) or fails in any way (left to the Python path,
 * which reads it or raises the precise error); end is where that entry starts. */
static PyObject *
native_legacy_batches(PyObject *self, PyObject *args)
{
    PyObject *entry, *limit, *spec, *frame;
    Py_buffer view;
    Py_ssize_t pos, max_entries, max_bytes;
    int verify;
    long long max_size;
    if (!PyArg_ParseTuple(args, "O!y*npOLOnnO!", &PyTuple_Type, &entry, &view, &pos, &verify,
                          &limit, &max_size, &spec, &max_entries, &max_bytes, &PyTuple_Type,
                          &frame))
        return NULL;
    Py_ssize_t start = pos;
    LegacyBatches L;
    memset(&L, 0, sizeof L);
    Frame f;
    PyObject *list = NULL;
    if (pos < 0 || pos > view.len)
        fail("start outside the buffer");
    else if (frame_parse(frame, &f) == 0 && legacy_batches_compile(&L, entry, spec) == 0) {
        if (f.head != L.overhead)
            fail("the frame's head and the entry plan's overhead differ");
        else
            list = PyList_New(0);
    }
    L.last_size = -1;
    int gc_was_enabled = PyGC_Disable();
    const uint8_t *buf = (const uint8_t *)view.buf;
    while (list && PyList_GET_SIZE(list) < max_entries && pos - start < max_bytes) {
        int magic = -1;
        int64_t size = frame_size(&f, buf, pos, view.len, max_size, &magic);
        if (size < 0 || magic > 1)
            break;
        Reader r = run_reader(&view, pos, size, verify, limit);
        if (!run_append(&list, legacy_batch(&L, &r, pos, (Py_ssize_t)size, verify)))
            break;
        pos += (Py_ssize_t)size;
    }
    if (gc_was_enabled)
        PyGC_Enable();
    legacy_batches_clear(&L);
    PyBuffer_Release(&view);
    return list ? Py_BuildValue("(Nn)", list, pos) : NULL;
}

/* ------------------------------------------------- magic 2 batches to Batch values (parse) */

/* What v2_batches makes batches with (kformat/records/conversion.py, _v2_spec): the Batch
 * type; the names of the Batch fields that are the grammar value's fields of the same name;
 * the names of batch_length, position, size, raw_records, attributes and records (V2_*);
 * the attribute bits the fields a template fixes stand for (codec and named flags) and the
 * codec's; the templates (a new Batch's __dict__ per bits and verify, under the key
 * bits * 2 + verify) and the function that makes a missing one. */
typedef struct {
    PyObject *batch_type, *copied, *names, *variants, *make_variant;
    long mask, codec_mask;
} V2Spec;

enum { V2_BATCH_LENGTH, V2_POSITION, V2_SIZE, V2_RAW_RECORDS, V2_ATTRIBUTES, V2_RECORDS,
       V2_NAMES };

static int
v2_spec_parse(PyObject *spec, V2Spec *s)
{
    if (!PyTuple_Check(spec) || PyTuple_GET_SIZE(spec) != 7)
        return fail("bad v2 batch spec");
    s->batch_type = PyTuple_GET_ITEM(spec, 0);
    s->copied = PyTuple_GET_ITEM(spec, 1);
    s->names = PyTuple_GET_ITEM(spec, 2);
    s->mask = PyLong_AsLong(PyTuple_GET_ITEM(spec, 3));
    s->codec_mask = PyLong_AsLong(PyTuple_GET_ITEM(spec, 4));
    s->variants = PyTuple_GET_ITEM(spec, 5);
    s->make_variant = PyTuple_GET_ITEM(spec, 6);
    if (PyErr_Occurred())
        return -1;
    /* bits * 2 + verify stays a small int (CPython keeps those made) */
    if (!PyType_Check(s->batch_type) || !PyTuple_Check(s->copied) ||
        !PyTuple_Check(s->names) || PyTuple_GET_SIZE(s->names) != V2_NAMES ||
        !PyDict_CheckExact(s->variants) || !PyCallable_Check(s->make_variant) ||
        s->mask < 0 || s->mask > 127 || (s->codec_mask & ~s->mask) != 0)
        return fail("bad v2 batch spec");
    return 0;
}

/* The template of batches whose attributes have bits (masked) and verify (borrowed), made
 * by the spec's function when first needed and kept in its dict. */
static PyObject *
v2_variant(const V2Spec *s, long bits, int verify)
{
    PyObject *key = PyLong_FromLong(bits * 2 + (verify ? 1 : 0));
    if (!key)
        return NULL;
    PyObject *dict = PyDict_GetItemWithError(s->variants, key);
    if (!dict && !PyErr_Occurred()) {
        PyObject *made = PyObject_CallFunction(s->make_variant, "li", bits, verify ? 1 : 0);
        if (made && !PyDict_CheckExact(made)) {
            Py_CLEAR(made);
            fail("a v2 batch template that is not a dict");
        }
        if (made && PyDict_SetItem(s->variants, key, made) == 0)
            dict = made; /* kept by the spec's dict */
        Py_XDECREF(made);
    }
    Py_DECREF(key);
    return dict;
}

/* The Batch of the magic 2 batch buf[pos:pos + size] (the whole region of r), as from_v2
 * makes it from the value the batch plan parses to. NULL with an exception (any: the caller
 * leaves the batch to the Python path). */
static PyObject *
v2_batch(const V2Spec *s, const Frame *f, Reader *r, PyObject *plan, Py_ssize_t pos,
         Py_ssize_t size, int verify)
{
    if (size < f->header || size < f->head)
        return fail_null("a batch shorter than its header");
    PyObject *value = parse_node(r, plan), *dict = NULL;
    if (!value)
        return NULL;
    if (r->pos != r->end || !PyDict_CheckExact(value)) {
        Py_DECREF(value);
        return fail_null("batch not consumed");
    }
    PyObject *names = s->names;
    PyObject *attributes = PyDict_GetItemWithError(value,
                                                   PyTuple_GET_ITEM(names, V2_ATTRIBUTES));
    PyObject *records = attributes ? PyDict_GetItemWithError(value,
                                                             PyTuple_GET_ITEM(names, V2_RECORDS))
                                   : NULL;
    long a = attributes && PyLong_CheckExact(attributes) ? PyLong_AsLong(attributes) : -1;
    if (!attributes || !records || !PyList_CheckExact(records) || (a == -1 && PyErr_Occurred()))
        goto fallback;
    Py_ssize_t n = PyList_GET_SIZE(records);
    for (Py_ssize_t i = 0; i < n; i++) {
        if (!kf_Record_CheckExact(PyList_GET_ITEM(records, i)))
            goto fallback; /* the Python path resolves what is not a Record */
    }
    long bits = (long)((unsigned long)a & (unsigned long)s->mask);
    PyObject *variant = v2_variant(s, bits, verify);
    dict = variant ? PyDict_Copy(variant) : NULL;
    if (!dict)
        goto error;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(s->copied); i++) {
        PyObject *name = PyTuple_GET_ITEM(s->copied, i);
        PyObject *v = PyDict_GetItemWithError(value, name);
        if (!v || PyDict_SetItem(dict, name, v) < 0)
            goto fallback;
    }
    const uint8_t *chunk = r->buf + pos;
    if (set_field(dict, names, V2_BATCH_LENGTH, PyLong_FromSsize_t(size - f->head)) < 0 ||
        set_field(dict, names, V2_POSITION, PyLong_FromSsize_t(pos)) < 0 ||
        set_field(dict, names, V2_SIZE, PyLong_FromSsize_t(size)) < 0 ||
        set_field(dict, names, V2_RAW_RECORDS,
                  bits & s->codec_mask
                      ? PyBytes_FromStringAndSize((const char *)chunk + f->header,
                                                  size - f->header)
                      : Py_NewRef(Py_None)) < 0)
        goto error;
    /* Records only in the list, numbers, bytes and enum members in the dict: no reference
     * cycle can pass through them (as legacy_batch). */
    if (PyObject_GC_IsTracked(records))
        PyObject_GC_UnTrack(records);
    if (PyObject_GC_IsTracked(dict))
        PyObject_GC_UnTrack(dict);
    Py_DECREF(value);
    return instance_with(s->batch_type, dict);
fallback:
    if (!PyErr_Occurred())
        fail("a batch value from_v2 would not take as is");
error:
    Py_XDECREF(dict);
    Py_DECREF(value);
    return NULL;
}

/* v2_batches(plan, data, pos, verify, limit, max_size, frame, spec, max_bytes) ->
 * (batches, end): the magic 2 batches from data[pos:] on, framed as frame says
 * (kformat/records/framing.py, frame_numbers: frame_size), each read by the batch plan and
 * made the Batch that kformat/records/conversion.py's from_v2 makes of it (spec: _v2_spec
 * there), until the first batch that is not magic 2, does not frame (a length below the
 * minimum, above max_size, not whole in data) or fails in any way (left to the Python path,
 * which reads it or raises the precise error), or after the one that brings the bytes read
 * to max_bytes (0: no limit); end is where the next batch starts. */
static PyObject *
native_v2_batches(PyObject *self, PyObject *args)
{
    PyObject *plan, *limit, *frame, *spec;
    Py_buffer view;
    Py_ssize_t pos, max_bytes;
    int verify;
    long long max_size;
    if (!PyArg_ParseTuple(args, "O!y*npOLO!On", &PyTuple_Type, &plan, &view, &pos, &verify,
                          &limit, &max_size, &PyTuple_Type, &frame, &spec, &max_bytes))
        return NULL;
    Frame f;
    V2Spec s;
    PyObject *list = NULL;
    if (pos < 0 || pos > view.len)
        fail("start outside the buffer");
    else if (frame_parse(frame, &f) == 0 && v2_spec_parse(spec, &s) == 0)
        list = PyList_New(0);
    int gc_was_enabled = PyGC_Disable();
    const uint8_t *buf = (const uint8_t *)view.buf;
    Py_ssize_t start = pos;
    while (list && pos < view.len) {
        int magic = -1;
        int64_t size = frame_size(&f, buf, pos, view.len, max_size, &magic);
        if (size < 0 || magic != 2 || !frame_records_ok(&f, buf, pos, size))
            break;
        Reader r = run_reader(&view, pos, size, verify, limit);
        if (!run_append(&list, v2_batch(&s, &f, &r, plan, pos, (Py_ssize_t)size, verify)))
            break;
        pos += (Py_ssize_t)size;
        if (max_bytes > 0 && pos - start >= max_bytes)
            break;
    }
    if (gc_was_enabled)
        PyGC_Enable();
    PyBuffer_Release(&view);
    return list ? Py_BuildValue("(Nn)", list, pos) : NULL;
}

/* The value of a field on build: the dict's, else the default (found counts the keys used). */
static PyObject *
field_value(PyObject *dict, PyObject *name, int has_default, PyObject *deflt, Py_ssize_t *found)
{
    PyObject *value = PyDict_GetItemWithError(dict, name);
    if (value) {
        (*found)++;
        return value;
    }
    if (PyErr_Occurred())
        return NULL;
    if (has_default)
        return deflt;
    return fail_null("missing field");
}

/* (OP_CRC, ...): the CRC of the struct it covers, then the struct (the stored CRC, if
 * given, is ignored: it is always computed) */
static int
build_crc_from(Writer *w, PyObject *plan, PyObject *dict, Py_ssize_t *found)
{
    PyObject *stored = PyDict_GetItemWithError(dict, PyTuple_GET_ITEM(plan, 1));
    if (stored)
        (*found)++;
    else if (PyErr_Occurred())
        return -1;
    /* built in place after room for the CRC, then the CRC filled in */
    Py_ssize_t at = hold_length(w, PFX_INT32);
    uint32_t crc;
    int rc = at < 0 ? -1 : build_struct_from(w, PyTuple_GET_ITEM(plan, 4), dict, found);
    if (rc == 0)
        rc = checksum(PyTuple_GET_ITEM(plan, 2), w->buf + at + 4, w->len - at - 4, &crc);
    if (rc == 0) {
        uint8_t *p = (uint8_t *)w->buf + at;
        p[0] = (uint8_t)(crc >> 24);
        p[1] = (uint8_t)(crc >> 16);
        p[2] = (uint8_t)(crc >> 8);
        p[3] = (uint8_t)crc;
    }
    return rc;
}

/* (OP_WRAPPED, ...): the given value blob; for a codec other than 0 without one, the inner
 * value built (in the scope of the struct holding the blob) and compressed by the plan's
 * compress(codec, data, magic=); a codec of 0 takes no inner value. */
static int
build_wrapped_from(Writer *w, PyObject *plan, PyObject *dict, Py_ssize_t *found)
{
    int64_t codec, magic;
    if (ctx_int(dict, PyTuple_GET_ITEM(plan, 4), &codec) < 0 ||
        ctx_int(dict, PyTuple_GET_ITEM(plan, 6), &magic) < 0)
        return -1;
    codec &= int_at(plan, 5);
    PyObject *value = PyDict_GetItemWithError(dict, PyTuple_GET_ITEM(plan, 2));
    if (!value && PyErr_Occurred())
        return -1;
    PyObject *inner = PyDict_GetItemWithError(dict, PyTuple_GET_ITEM(plan, 3));
    if (!inner && PyErr_Occurred())
        return -1;
    *found += (value != NULL) + (inner != NULL);
    value = value ? value : Py_None;
    inner = inner ? inner : Py_None;
    long prefix = int_at(plan, 1);
    if (codec == 0 && inner != Py_None)
        return fail("an inner value without a codec");
    if (codec == 0 || value != Py_None)
        return build_blob(w, prefix, 1, 0, value);
    if (!PyList_CheckExact(inner) && !PyTuple_CheckExact(inner))
        return fail("a compressed value needs its inner value");
    /* the inner value built in a kept scratch buffer, compressed from a view of it (no copy
     * of the plain bytes, no fresh pages: as compress_region) */
    Writer region = {NULL, 0, 0, w->depth, dict, w->found, w->level, w->up};
    writer_take_scratch(&region);
    int rc = build_node(&region, PyTuple_GET_ITEM(plan, 9), inner);
    PyObject *plain = rc == 0 ? view_of(region.buf, region.len) : NULL;
    PyObject *args = plain ? Py_BuildValue("(LO)", (long long)codec, plain) : NULL;
    PyObject *kwargs = args ? Py_BuildValue("{sL}", "magic", (long long)magic) : NULL;
    PyObject *payload = kwargs ? PyObject_Call(PyTuple_GET_ITEM(plan, 10), args, kwargs)
                               : NULL;
    Py_XDECREF(args);
    Py_XDECREF(kwargs);
    if (plain && view_release(plain) < 0) {
        region.buf = NULL; /* still exported: leaked rather than freed under a reader */
        region.cap = region.len = 0;
    }
    writer_release(&region);
    if (!payload)
        return -1;
    rc = PyBytes_CheckExact(payload) ? build_blob(w, prefix, 1, 0, payload)
                                     : fail("compressed value is not bytes");
    Py_DECREF(payload);
    return rc;
}

static int
build_struct_from(Writer *w, PyObject *plan, PyObject *dict, Py_ssize_t *found)
{
    PyObject *fields = PyTuple_GET_ITEM(plan, 1);
    Py_ssize_t count = PyTuple_GET_SIZE(fields);
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *field = PyTuple_GET_ITEM(fields, i);
        long kind = int_at(field, 0);
        PyObject *sub = PyTuple_GET_ITEM(field, 2);
        if (kind == FIELD_FLATTEN) {
            long op = op_of(sub);
            int rc;
            if (op == OP_TAGGED)
                rc = build_tagged_from(w, sub, dict, found);
            else if (op == OP_CRC)
                rc = build_crc_from(w, sub, dict, found);
            else if (op == OP_WRAPPED)
                rc = build_wrapped_from(w, sub, dict, found);
            else if (op == OP_PREFIXED) { /* a length-prefixed struct merged into this one */
                long prefix = int_at(sub, 1);
                if (prefix == PFX_INT16 || prefix == PFX_INT32) { /* in place, backfilled */
                    Py_ssize_t at = hold_length(w, prefix);
                    rc = at < 0 ? -1
                                : build_struct_from(w, PyTuple_GET_ITEM(sub, 2), dict, found);
                    if (rc == 0)
                        rc = backfill_length(w, prefix, at);
                }
                else {
                    Writer region = {NULL, 0, 0, w->depth, w->ctx, w->found, w->level, w->up};
                    rc = build_struct_from(&region, PyTuple_GET_ITEM(sub, 2), dict, found);
                    if (rc == 0)
                        rc = put_region(w, prefix, &region);
                    PyMem_Free(region.buf);
                }
            }
            else if (op == OP_STRUCT)
                rc = build_struct_from(w, sub, dict, found);
            else
                rc = fail("cannot flatten this node");
            if (rc < 0)
                return -1;
            continue;
        }
        if (kind != FIELD_NAMED)
            return fail("context-only field");
        PyObject *value = field_value(dict, PyTuple_GET_ITEM(field, 1),
                                      (PyTuple_GET_ITEM(field, 3) == Py_True),
                                      PyTuple_GET_ITEM(field, 4), found);
        if (!value)
            return -1;
        Py_INCREF(value);
        int rc = build_node(w, sub, value);
        Py_DECREF(value);
        if (rc < 0)
            return -1;
    }
    return 0;
}

typedef struct {
    uint64_t tag;
    const char *data;  /* NULL: the bytes are in the section's body writer */
    Py_ssize_t start;
    Py_ssize_t size;
} TagEntry;

/* The unknown tags to write back ({tag: bytes}), appended to entries; -1 on refusal. */
static int
collect_unknown(PyObject *unknown, PyObject *known_entries, TagEntry **entries,
                Py_ssize_t *count, Py_ssize_t *cap)
{
    if (!PyDict_CheckExact(unknown))
        return fail("unknown tags need a dict");
    Py_ssize_t i = 0;
    PyObject *key, *raw;
    while (PyDict_Next(unknown, &i, &key, &raw)) {
        int64_t tag;
        if (exact_int(key, 0, (int64_t)U32_MAX, &tag) < 0)
            return -1;
        if (!PyBytes_CheckExact(raw))
            return fail("unknown tag bytes");
        for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(known_entries); j++) {
            if (int_at(PyTuple_GET_ITEM(known_entries, j), 0) == tag)
                return fail("an unknown tag that is a known field");
        }
        if (*count == *cap) {
            Py_ssize_t grown = *cap * 2;
            TagEntry *more = PyMem_Realloc(*entries, (size_t)grown * sizeof(TagEntry));
            if (!more) {
                PyErr_NoMemory();
                return -1;
            }
            *entries = more;
            *cap = grown;
        }
        (*entries)[(*count)++] = (TagEntry){(uint64_t)tag, PyBytes_AS_STRING(raw), 0,
                                            PyBytes_GET_SIZE(raw)};
    }
    return 0;
}

static int
build_tagged_from(Writer *w, PyObject *plan, PyObject *dict, Py_ssize_t *found)
{
    PyObject *entries = PyTuple_GET_ITEM(plan, 1);
    Py_ssize_t known = PyTuple_GET_SIZE(entries);
    /* _defaults_on_wire: tagged fields written even at their default (a tuple or list of
     * known names; anything else is left to the Python path, which names the error) */
    PyObject *on_wire = PyDict_GetItemWithError(dict, str_defaults_on_wire);
    if (on_wire) {
        if (!PyTuple_CheckExact(on_wire) && !PyList_CheckExact(on_wire))
            return fail("defaults on the wire");
        for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(on_wire); i++) {
            PyObject *name = PySequence_Fast_GET_ITEM(on_wire, i);
            Py_ssize_t j;
            for (j = 0; j < known; j++) {
                PyObject *entry_name = PyTuple_GET_ITEM(PyTuple_GET_ITEM(entries, j), 1);
                if (name == entry_name ||
                    (PyUnicode_CheckExact(name) && PyUnicode_Compare(name, entry_name) == 0))
                    break;
            }
            if (j == known)
                return fail("defaults on the wire: not a tagged field");
        }
        if (PySequence_Fast_GET_SIZE(on_wire) == 0)
            on_wire = NULL;
        (*found)++;
    }
    else if (PyErr_Occurred())
        return -1;
    PyObject *unknown = PyDict_GetItemWithError(dict, str_unknown_tags);
    if (!unknown && PyErr_Occurred())
        return -1;
    Writer body = {NULL, 0, 0, w->depth, w->ctx, w->found, w->level, w->up};
    Py_ssize_t cap = known + 4, count = 0;
    TagEntry *tags = PyMem_Malloc((size_t)cap * sizeof(TagEntry));
    if (!tags) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t j = 0; j < known; j++) {
        PyObject *entry = PyTuple_GET_ITEM(entries, j);
        PyObject *deflt = PyTuple_GET_ITEM(entry, 3);
        PyObject *value = field_value(dict, PyTuple_GET_ITEM(entry, 1), 1, deflt, found);
        if (!value)
            goto error;
        Py_INCREF(value);
        Py_ssize_t start = body.len;
        int d = is_default(value, deflt);
        if (d > 0 && on_wire) {
            int listed = PySequence_Contains(on_wire, PyTuple_GET_ITEM(entry, 1));
            if (listed < 0) {
                Py_DECREF(value);
                goto error;
            }
            d = !listed;
        }
        int rc = d ? 0 : build_node(&body, PyTuple_GET_ITEM(entry, 2), value);
        Py_DECREF(value);
        if (d < 0 || rc < 0)
            goto error;
        if (!d)
            tags[count++] = (TagEntry){(uint64_t)int_at(entry, 0), NULL, start,
                                       body.len - start};
    }
    if (unknown) {
        (*found)++;
        int truthy = PyObject_IsTrue(unknown);
        if (truthy < 0)
            goto error;
        if (truthy && collect_unknown(unknown, entries, &tags, &count, &cap) < 0)
            goto error;
    }
    /* ascending tag order: known ones are sorted, unknown ones are few */
    for (Py_ssize_t i = 1; i < count; i++) {
        TagEntry e = tags[i];
        Py_ssize_t k = i;
        while (k > 0 && tags[k - 1].tag > e.tag) {
            tags[k] = tags[k - 1];
            k--;
        }
        tags[k] = e;
    }
    if (put_uvarint(w, (uint64_t)count) < 0)
        goto error;
    for (Py_ssize_t k = 0; k < count; k++) {
        const char *data = tags[k].data ? tags[k].data : body.buf + tags[k].start;
        if (put_uvarint(w, tags[k].tag) < 0 || put_uvarint(w, (uint64_t)tags[k].size) < 0 ||
            put(w, data, tags[k].size) < 0)
            goto error;
    }
    PyMem_Free(tags);
    PyMem_Free(body.buf);
    return 0;
error:
    PyMem_Free(tags);
    PyMem_Free(body.buf);
    return -1;
}

/* A dict as the node op says: OP_STRUCT, OP_TAGGED or OP_CRC (on its own: the CRC and the
 * struct it covers). */
static int
build_dict(Writer *w, PyObject *plan, PyObject *value, long op)
{
    if (value == Py_None)
        return fail("None for a struct"); /* the Python path builds it as {} */
    if (!PyDict_CheckExact(value))
        return fail("not a dict");
    if (++w->depth > MAX_DEPTH)
        return fail("nested too deeply");
    Py_ssize_t found = 0;
    PyObject *ctx_before = w->ctx;
    Py_ssize_t *found_before = w->found;
    Scope scope = {w->ctx, w->up};
    if (op != OP_TAGGED) /* a tagged section is no struct of its own */
        w->up = &scope;
    w->ctx = value;
    w->found = &found;
    int rc = op == OP_TAGGED ? build_tagged_from(w, plan, value, &found)
             : op == OP_CRC  ? build_crc_from(w, plan, value, &found)
                             : build_struct_from(w, plan, value, &found);
    w->ctx = ctx_before;
    w->up = scope.up;
    w->found = found_before;
    w->depth--;
    if (rc < 0)
        return -1;
    if (found != PyDict_GET_SIZE(value))
        return fail("keys the struct does not have"); /* the Python path names them */
    return 0;
}

/* A struct given a tuple of its values in field order, or a dict (objects: the Python
 * path): OP_FACTORY and OP_RECORD given plain values. */
static int
build_struct_values(Writer *w, PyObject *struct_plan, PyObject *value)
{
    if (!PyTuple_CheckExact(value))
        return build_dict(w, struct_plan, value, OP_STRUCT);
    PyObject *fields = PyTuple_GET_ITEM(struct_plan, 1);
    Py_ssize_t n = PyTuple_GET_SIZE(fields);
    if (PyTuple_GET_SIZE(value) != n)
        return fail("tuple size differs from the struct's");
    if (++w->depth > MAX_DEPTH)
        return fail("nested too deeply");
    int rc = 0;
    for (Py_ssize_t i = 0; rc == 0 && i < n; i++)
        rc = build_node(w, PyTuple_GET_ITEM(PyTuple_GET_ITEM(fields, i), 2),
                        PyTuple_GET_ITEM(value, i));
    w->depth--;
    return rc;
}

static PyObject *str_level, *str_release;

/* A read-only memoryview of n bytes at p, for a call that must not keep it: release it with
 * view_release once the call has returned. */
static PyObject *
view_of(const char *p, Py_ssize_t n)
{
    return PyMemoryView_FromMemory((char *)(p ? p : ""), n, PyBUF_READ);
}

/* Release a view_of view: anything the callee kept of it then reads nothing. Returns 0, or -1
 * (no exception set) when the memory is still exported: the caller must then never free or
 * reuse it. */
static int
view_release(PyObject *view)
{
    PyObject *exc_type, *exc_value, *exc_tb;
    PyErr_Fetch(&exc_type, &exc_value, &exc_tb); /* keep the call's own exception, if any */
    PyObject *rc = PyObject_CallMethodNoArgs(view, str_release);
    int ok = rc != NULL;
    Py_XDECREF(rc);
    PyErr_Clear();
    PyErr_Restore(exc_type, exc_value, exc_tb);
    Py_DECREF(view);
    return ok ? 0 : -1;
}

/* The payload for a compressed region's plain bytes (region): the records layer's
 * payload(plain, this, codec, magic, raw_key[, level=]) given a view of region's buffer (no
 * copy), plan as OP_COMPRESSED. */
static PyObject *
compress_region(Writer *w, PyObject *plan, Writer *region, int64_t codec)
{
    PyObject *plain = view_of(region->buf, region->len);
    PyObject *code = plain ? PyLong_FromLongLong(codec) : NULL;
    PyObject *payload = NULL;
    if (code) {
        PyObject *args[6] = {plain, w->ctx, code, PyTuple_GET_ITEM(plan, 3),
                             PyTuple_GET_ITEM(plan, 8), w->level};
        PyObject *kwnames = w->level ? PyTuple_Pack(1, str_level) : NULL;
        if (!w->level || kwnames)
            payload = PyObject_Vectorcall(PyTuple_GET_ITEM(plan, 7), args, 5, kwnames);
        Py_XDECREF(kwnames);
    }
    Py_XDECREF(code);
    if (plain && view_release(plain) < 0) {
        region->buf = NULL; /* still exported: leaked rather than freed under a reader */
        region->cap = region->len = 0;
    }
    return payload;
}

static int
build_node(Writer *w, PyObject *plan, PyObject *value)
{
    long op = op_of(plan);
    int64_t v;
    switch (op) {
    case OP_INT8: case OP_INT16: case OP_INT32: case OP_INT64: case OP_UINT8:
    case OP_UINT16: case OP_UINT32: case OP_UVARINT: case OP_VARINT: case OP_VARLONG: {
        const IntForm *f = &int_forms[op];
        if (exact_int(value, f->lo, f->hi, &v) < 0)
            return -1;
        return f->size ? put_be(w, (uint64_t)v, f->size) : put_uvarint(w, varint_bits(op, v));
    }
    case OP_FLOAT64: {
        if (!PyFloat_CheckExact(value))
            return fail("not a float");
        double d = PyFloat_AS_DOUBLE(value);
        uint64_t bits;
        if (isnan(d))
            bits = 0x7FF8000000000000ull;
        else
            memcpy(&bits, &d, 8);
        return put_be(w, bits, 8);
    }
    case OP_BOOL:
        if (value != Py_True && value != Py_False)
            return fail("not a bool");
        return put_be(w, value == Py_True, 1);
    case OP_UUID:
        return build_uuid(w, value);
    case OP_STRING:
    case OP_BYTES:
        return build_blob(w, int_at(plan, 1), (PyTuple_GET_ITEM(plan, 2) == Py_True),
                          op == OP_STRING, value);
    case OP_RECORDS: {
        long prefix = int_at(plan, 1);
        int nullable = (PyTuple_GET_ITEM(plan, 2) == Py_True);
        if (value == Py_None || PyBytes_CheckExact(value))
            return build_blob(w, prefix, nullable, 0, value);
        if ((PyObject *)Py_TYPE(value) != PyTuple_GET_ITEM(plan, 3))
            return fail("records value"); /* batches: the Python path builds them */
        PyObject *raw = PyObject_GetAttr(value, str_raw);
        if (!raw)
            return -1;
        int rc = build_blob(w, prefix, nullable, 0, raw);
        Py_DECREF(raw);
        return rc;
    }
    case OP_STRUCT:
    case OP_CRC:
        return build_dict(w, plan, value, op);
    case OP_CHECKED: {
        int64_t n;
        if (exact_int(value, INT64_MIN, INT64_MAX, &n) < 0)
            return -1;
        if (check_int(w->ctx, w->up, plan, n, 1) < 0)
            return -1;
        return build_node(w, PyTuple_GET_ITEM(plan, 1), value);
    }
    case OP_IF: {
        PyObject *branch;
        if (if_branch(w->ctx, w->up, plan, &branch) < 0)
            return -1;
        return branch == Py_None ? 0 : build_node(w, branch, value);
    }
    case OP_FACTORY:
        return build_struct_values(w, PyTuple_GET_ITEM(plan, 1), value);
    case OP_RECORD_SET: {
        if (++w->depth > MAX_DEPTH)
            return fail("nested too deeply");
        int rc = build_record_set(w, plan, value);
        w->depth--;
        return rc;
    }
    case OP_RECORD: {
        if (!kf_Record_CheckExact(value))
            return build_struct_values(w, PyTuple_GET_ITEM(plan, 1), value);
        RecordLayout layout;
        if (record_layout(plan, w->ctx, &layout) < 0)
            return -1;
        RecordRef ref = record_ref((RecordObject *)value);
        int rc = build_record(w, &layout, &ref);
        layout_clear(&layout);
        return rc;
    }
    case OP_TAGGED:
        return build_dict(w, plan, value, OP_TAGGED);
    case OP_ARRAY: {
        if (++w->depth > MAX_DEPTH)
            return fail("nested too deeply");
        int rc = build_array(w, plan, value);
        w->depth--;
        return rc;
    }
    case OP_PRESENCE:
        if (value == Py_None)
            return put_be(w, 0xFF, 1);
        if (put_be(w, 1, 1) < 0)
            return -1;
        return build_node(w, PyTuple_GET_ITEM(plan, 1), value);
    case OP_PREFIXED: {
        long prefix = int_at(plan, 1);
        if (prefix == PFX_INT16 || prefix == PFX_INT32) { /* in place, length backfilled */
            Py_ssize_t at = hold_length(w, prefix);
            if (at < 0 || build_node(w, PyTuple_GET_ITEM(plan, 2), value) < 0)
                return -1;
            return backfill_length(w, prefix, at);
        }
        Writer region = {NULL, 0, 0, w->depth, w->ctx, w->found, w->level, w->up};
        int rc = build_node(&region, PyTuple_GET_ITEM(plan, 2), value);
        if (rc == 0)
            rc = put_region(w, prefix, &region);
        PyMem_Free(region.buf);
        return rc;
    }
    case OP_GREEDY:
    case OP_COUNTED: {
        if (op == OP_COUNTED && PyObject_TypeCheck(value, &AppenderType)) {
            int64_t n;
            if (count_field(w->ctx, PyTuple_GET_ITEM(plan, 1), &n) < 0)
                return -1;
            return build_appended(w, PyTuple_GET_ITEM(plan, 2), value, n);
        }
        if (!PyList_CheckExact(value) && !PyTuple_CheckExact(value))
            return fail("not a list");
        if (op == OP_COUNTED) {
            int64_t n;
            if (count_field(w->ctx, PyTuple_GET_ITEM(plan, 1), &n) < 0)
                return -1;
            if (n != PySequence_Fast_GET_SIZE(value))
                return fail("array length differs from its count field");
        }
        if (++w->depth > MAX_DEPTH)
            return fail("nested too deeply");
        int rc = build_items(w, PyTuple_GET_ITEM(plan, op == OP_GREEDY ? 1 : 2), value);
        w->depth--;
        return rc;
    }
    case OP_COMPRESSED: {
        int64_t codec;
        if (codec_of(w->ctx, plan, &codec) < 0)
            return -1;
        if (codec == 0)
            return build_node(w, PyTuple_GET_ITEM(plan, 6), value);
        /* the plain bytes, then the records layer's payload(plain, this, codec, magic,
         * raw_key): the stored payload when it still matches, else a new one */
        PyObject *raw_key = PyTuple_GET_ITEM(plan, 8);
        PyObject *stored = PyDict_GetItemWithError(w->ctx, raw_key);
        if (stored && w->found)
            (*w->found)++;
        else if (!stored && PyErr_Occurred())
            return -1;
        PyObject *inner = PyTuple_GET_ITEM(plan, 6), *payload;
        int rc;
        if (op_of(inner) == OP_COUNTED && PyObject_TypeCheck(value, &AppenderType))
            payload = compress_appended(w, plan, inner, value, codec);
        else {
            Writer region = {NULL, 0, 0, w->depth, w->ctx, w->found, w->level, w->up};
            writer_take_scratch(&region);
            rc = build_node(&region, inner, value);
            payload = rc == 0 ? compress_region(w, plan, &region, codec) : NULL;
            writer_release(&region);
        }
        if (!payload)
            return -1;
        rc = PyBytes_CheckExact(payload)
                 ? put(w, PyBytes_AS_STRING(payload), PyBytes_GET_SIZE(payload))
                 : fail("compressed payload is not bytes");
        Py_DECREF(payload);
        return rc;
    }
    case OP_EXPECTED: {
        PyObject *expected = PyTuple_GET_ITEM(plan, 2);
        if (value == Py_None)
            value = expected;
        else {
            int eq = PyObject_RichCompareBool(value, expected, Py_EQ);
            if (eq <= 0)
                return eq < 0 ? -1 : fail("unexpected value");
        }
        return build_node(w, PyTuple_GET_ITEM(plan, 1), value);
    }
    case OP_ABSENT: {
        /* (OP_ABSENT, default, ignorable): writes nothing; a non-default value is refused
         * unless ignorable (the Python path names the field) */
        PyObject *deflt = PyTuple_GET_ITEM(plan, 1);
        if (value == Py_None || value == deflt || (PyTuple_GET_ITEM(plan, 2) == Py_True))
            return 0;
        int eq = PyObject_RichCompareBool(value, deflt, Py_EQ);
        if (eq < 0)
            return -1;
        return eq ? 0 : fail("a value for a field this version lacks");
    }
    default:
        return fail("unknown opcode in plan");
    }
}

/* ------------------------------------------ appended records (kformat.RecordBatchBuilder) */

/* The records of a batch being built one append at a time (kformat/records/builder.py,
 * RecordBatchBuilder, subclasses it): each append encodes its record at once with the batch
 * plan's RECORD node (build_record_element, as build_items does for a native Record, the deltas
 * from the bases given at _setup and the first record's timestamp), into a buffer kept
 * until the builder goes; the batch's build then writes them as its COUNTED records
 * (build_appended), the rest of the batch by its plan as any build. Values the fast path
 * does not take (any type but exact int, bytes, str and tuples; offsets or timestamps out
 * of range) go to the records layer's hook, which names the error (KFormatError with the
 * record's path) or returns the checked Record, written as a native Record is. In Python
 * mode (_setup without an element: the Python engine) every append goes to the hook and
 * the Records are kept in a list, built by make_batch and build_batch. */
typedef struct {
    PyObject_HEAD
    PyObject *element;        /* the records' element plan (COUNTED's); NULL: Python mode */
    PyObject *record;         /* its RECORD node (borrowed from element) */
    PyObject *ctx;            /* the bases as the batch's fields, for record_layout */
    PyObject *hook;           /* kformat.records.builder.checked_record; NULL before _setup */
    PyObject *timestamp_type; /* what the hook gives the Records */
    PyObject *records;        /* Python mode: the checked Records (a list) */
    RecordLayout layout;      /* native mode: bases of the deltas (base_timestamp: below) */
    Writer out;               /* native mode: the records as encoded, back to back */
    Py_ssize_t count;
    kf_wide base_offset, base_timestamp, next_offset, max_timestamp;
    int guess;     /* the size of the last record's length prefix (build_record_element) */
    int lost;      /* out of memory while a codec held the records: no append or build */
    int have_base; /* base_timestamp is set (given, or the first record's) */
    int busy;      /* the hook is running: no other append or build of this one meanwhile */
} AppenderObject;

static PyObject *str_headers, *str_offset, *str_append;

static void
appender_dealloc(AppenderObject *self)
{
    Py_CLEAR(self->element);
    Py_CLEAR(self->ctx);
    Py_CLEAR(self->hook);
    Py_CLEAR(self->timestamp_type);
    Py_CLEAR(self->records);
    writer_release(&self->out);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* _setup(element, base_offset, base_timestamp, attributes, hook, timestamp_type): element
 * the COUNTED records' element plan of the batch (None: Python mode), base_timestamp None
 * to take the first record's; Fallback for values the engine does not take (the caller then
 * names the error). */
static PyObject *
appender_setup(AppenderObject *self, PyObject *args)
{
    PyObject *element, *offset, *stamp, *attributes, *hook, *kind;
    if (!PyArg_ParseTuple(args, "OOOOOO", &element, &offset, &stamp, &attributes, &hook, &kind))
        return NULL;
    if (self->hook) {
        PyErr_SetString(PyExc_RuntimeError, "the builder is set up already");
        return NULL;
    }
    int64_t base_offset, base_timestamp = 0, attrs;
    if (exact_int(offset, INT64_MIN, INT64_MAX, &base_offset) < 0 ||
        (stamp != Py_None && exact_int(stamp, INT64_MIN, INT64_MAX, &base_timestamp) < 0) ||
        exact_int(attributes, INT64_MIN, INT64_MAX, &attrs) < 0)
        return NULL;
    if (element == Py_None) {
        if (!(self->records = PyList_New(0)))
            return NULL;
    }
    else {
        PyObject *record = PyTuple_Check(element) && PyTuple_GET_SIZE(element) > 0
                               ? record_node(element) : NULL;
        if (!record)
            return fail_null("not an element holding a RECORD node");
        PyObject *names = PyTuple_GET_ITEM(record, 4);
        PyObject *zero = PyLong_FromLong(0);
        PyObject *ctx = zero ? PyDict_New() : NULL;
        int rc = ctx ? 0 : -1;
        if (rc == 0)
            rc = PyDict_SetItem(ctx, PyTuple_GET_ITEM(names, 0), offset);
        if (rc == 0)
            rc = PyDict_SetItem(ctx, PyTuple_GET_ITEM(names, 1), stamp == Py_None ? zero : stamp);
        if (rc == 0)
            rc = PyDict_SetItem(ctx, PyTuple_GET_ITEM(names, 2), zero);
        if (rc == 0)
            rc = PyDict_SetItem(ctx, PyTuple_GET_ITEM(names, 3), attributes);
        Py_XDECREF(zero);
        if (rc == 0)
            rc = record_layout(record, ctx, &self->layout);
        if (rc < 0) {
            Py_XDECREF(ctx);
            return NULL;
        }
        self->ctx = ctx;
        self->element = Py_NewRef(element);
        self->record = record;
        self->out.ctx = ctx;
        writer_take_scratch(&self->out);
    }
    self->guess = 1;
    self->base_offset = self->next_offset = base_offset;
    self->base_timestamp = base_timestamp;
    self->have_base = stamp != Py_None;
    self->hook = Py_NewRef(hook);
    self->timestamp_type = Py_NewRef(kind);
    Py_RETURN_NONE;
}

/* Encode ref at the end of the records (nothing written on failure). */
static int
appender_put(AppenderObject *self, const RecordRef *ref)
{
    Writer *w = &self->out;
    Py_ssize_t before = w->len;
    int rc = build_record_element(w, self->element, self->record, &self->layout, ref,
                                  &self->guess);
    if (rc < 0)
        w->len = before;
    return rc;
}

/* The record's offset and timestamp on the fast path: exact ints within int64, the offset
 * (None: the next one) not below the next one, a timestamp None only once there is a base.
 * 0, or 1 for the hook. */
static int
appender_ints(AppenderObject *self, PyObject *stamp, PyObject *offset, RecordInts *n)
{
    int overflow;
    long long v;
    n->attributes = 0; /* offset_delta and timestamp_type are not read when encoding */
    n->timestamp_type = 0;
    n->offset_delta = 0;
    if (offset == Py_None)
        n->offset = self->next_offset;
    else {
        if (!PyLong_CheckExact(offset))
            return 1;
        v = PyLong_AsLongLongAndOverflow(offset, &overflow);
        if (overflow || (v == -1 && PyErr_Occurred()) || (kf_wide)v < self->next_offset) {
            PyErr_Clear();
            return 1;
        }
        n->offset = v;
    }
    if (stamp == Py_None) {
        if (!self->have_base)
            return 1;
        n->timestamp = self->base_timestamp;
    }
    else {
        if (!PyLong_CheckExact(stamp))
            return 1;
        v = PyLong_AsLongLongAndOverflow(stamp, &overflow);
        if (overflow || (v == -1 && PyErr_Occurred())) {
            PyErr_Clear();
            return 1;
        }
        n->timestamp = v;
    }
    return 0;
}

/* After a record at n was kept. */
static void
appender_commit(AppenderObject *self, const RecordInts *n)
{
    if (!self->have_base) {
        self->base_timestamp = n->timestamp;
        self->have_base = 1;
    }
    if (self->count == 0 || n->timestamp > self->max_timestamp)
        self->max_timestamp = n->timestamp;
    self->next_offset = n->offset + 1;
    self->count++;
}

/* Encode a record at n whose deltas are from the bases (the first record's timestamp when
 * there is no base yet): 0, or -1 with the layout unchanged. */
static int
appender_encode(AppenderObject *self, const RecordRef *ref)
{
    kf_wide was = self->layout.base_timestamp;
    self->layout.base_timestamp = self->have_base ? self->base_timestamp : ref->n->timestamp;
    int rc = appender_put(self, ref);
    if (rc < 0)
        self->layout.base_timestamp = was;
    return rc;
}

/* The hook's Record for the values v (timestamp, key, value, headers, offset) of an append
 * the fast path did not take: kept (Python mode) or encoded. */
static PyObject *
appender_slow(AppenderObject *self, PyObject *const *v)
{
    PyObject *index = PyLong_FromSsize_t(self->count);
    PyObject *next = kf_wide_as_long(self->next_offset);
    PyObject *base_offset = kf_wide_as_long(self->base_offset);
    PyObject *base = self->have_base ? kf_wide_as_long(self->base_timestamp) : Py_NewRef(Py_None);
    PyObject *rec = NULL;
    if (index && next && base_offset && base) {
        PyObject *args[10] = {index, v[4], v[0], v[1], v[2], v[3], next, base_offset, base,
                              self->timestamp_type};
        self->busy = 1;
        rec = PyObject_Vectorcall(self->hook, args, 10, NULL);
        self->busy = 0;
    }
    Py_XDECREF(index);
    Py_XDECREF(next);
    Py_XDECREF(base_offset);
    Py_XDECREF(base);
    if (!rec)
        return NULL;
    RecordObject *r = (RecordObject *)rec;
    if (!kf_Record_CheckExact(rec) || r->n.offset < self->next_offset ||
        r->n.timestamp < INT64_MIN || r->n.timestamp > INT64_MAX) {
        Py_DECREF(rec);
        PyErr_SetString(PyExc_RuntimeError, "the builder's hook returned a record it cannot take");
        return NULL;
    }
    int rc;
    if (self->records)
        rc = PyList_Append(self->records, rec);
    else {
        RecordRef ref = record_ref(r);
        rc = appender_encode(self, &ref);
        if (rc < 0 && PyErr_ExceptionMatches(Fallback)) {
            /* the records layer checked it with the grammar: the engines disagree */
            PyErr_Clear();
            PyErr_SetString(PyExc_RuntimeError,
                            "the native engine refused a record the records layer accepts");
        }
    }
    if (rc == 0)
        appender_commit(self, &r->n);
    Py_DECREF(rec);
    if (rc < 0)
        return NULL;
    Py_RETURN_NONE;
}

/* append(timestamp, key, value, headers=(), *, offset=None) */
static PyObject *
appender_append(AppenderObject *self, PyObject *const *args, Py_ssize_t nargs,
                PyObject *kwnames)
{
    PyObject *v[5] = {NULL, NULL, NULL, empty_headers, Py_None};
    if (nargs < 3 || nargs > 4) {
        PyErr_Format(PyExc_TypeError, "append() takes 3 or 4 positional arguments (%zd given)",
                     nargs);
        return NULL;
    }
    v[0] = args[0];
    v[1] = args[1];
    v[2] = args[2];
    if (nargs == 4)
        v[3] = args[3];
    Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
    for (Py_ssize_t i = 0; i < nkw; i++) {
        PyObject *name = PyTuple_GET_ITEM(kwnames, i);
        int slot = -1;
        if (PyUnicode_Compare(name, str_headers) == 0 && nargs < 4)
            slot = 3;
        else if (PyUnicode_Compare(name, str_offset) == 0)
            slot = 4;
        if (slot < 0 || (slot == 3 && v[3] != empty_headers)) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_TypeError, "append() got an unexpected keyword argument %R",
                             name);
            return NULL;
        }
        v[slot] = args[nargs + i];
    }
    if (!self->hook || self->busy || self->lost) {
        PyErr_SetString(PyExc_RuntimeError,
                        !self->hook ? "the builder is not set up"
                        : self->lost ? "the builder lost its records (out of memory)"
                                     : "an append or a build of this builder is running");
        return NULL;
    }
    if (!self->records) {
        RecordInts n;
        if (appender_ints(self, v[0], v[4], &n) == 0) {
            n.timestamp_delta = n.timestamp - (self->have_base ? self->base_timestamp : n.timestamp);
            RecordRef ref = {v[1], v[2], NULL, v[3], &n};
            if (appender_encode(self, &ref) == 0) {
                appender_commit(self, &n);
                Py_RETURN_NONE;
            }
            if (!PyErr_ExceptionMatches(Fallback))
                return NULL;
            PyErr_Clear();
        }
    }
    return appender_slow(self, v);
}

/* Whether the appended records of value can be the COUNTED element's items of the batch being
 * built (ctx: its fields): encoded by this element plan, with the bases the batch's fields
 * hold, as many as its count field says. 0, or -1 (Fallback). */
static int
appended_check(Writer *w, PyObject *element, PyObject *value, int64_t count)
{
    AppenderObject *a = (AppenderObject *)value;
    if (a->lost)
        return fail("the builder lost its records");
    if (!a->element || a->busy)
        return fail("records not appended by the native engine");
    if (a->element != element)
        return fail("records appended for another plan");
    if (count != a->count)
        return fail("array length differs from its count field");
    RecordLayout layout;
    if (record_layout(a->record, w->ctx, &layout) < 0)
        return -1;
    int same = layout.base_offset == a->layout.base_offset &&
               layout.log_append == a->layout.log_append &&
               (a->count == 0 || layout.base_timestamp == a->base_timestamp);
    layout_clear(&layout);
    if (!same)
        return fail("records appended against other bases");
    return 0;
}

/* The appended records as the COUNTED element's items (appended_check). */
static int
build_appended(Writer *w, PyObject *element, PyObject *value, int64_t count)
{
    AppenderObject *a = (AppenderObject *)value;
    if (appended_check(w, element, value, count) < 0)
        return -1;
    return put(w, a->out.buf, a->out.len);
}

/* The payload of a COMPRESSED node (plan) whose region is the COUNTED records (counted) given
 * as appended records: compressed straight from the builder's buffer (compress_region), no
 * append meanwhile. A codec that keeps the view is left the memory (never freed or written
 * again); the builder goes on with a copy. A new reference, or NULL. */
static PyObject *
compress_appended(Writer *w, PyObject *plan, PyObject *counted, PyObject *value, int64_t codec)
{
    AppenderObject *a = (AppenderObject *)value;
    int64_t n;
    if (count_field(w->ctx, PyTuple_GET_ITEM(counted, 1), &n) < 0 ||
        appended_check(w, PyTuple_GET_ITEM(counted, 2), value, n) < 0)
        return NULL;
    Writer region = a->out; /* borrowed */
    a->busy = 1;
    PyObject *payload = compress_region(w, plan, &region, codec);
    a->busy = 0;
    if (!region.buf && a->out.buf) {
        char *copy = PyMem_Malloc(a->out.len ? (size_t)a->out.len : 1);
        if (copy)
            memcpy(copy, a->out.buf, (size_t)a->out.len);
        else
            a->lost = 1; /* the records stay with the reader: this builder is done */
        a->out.buf = copy;
        a->out.cap = copy ? a->out.len : 0;
        if (!copy) {
            a->out.len = 0;
            Py_XDECREF(payload);
            return PyErr_NoMemory();
        }
    }
    return payload;
}

static PyObject *
appender_get_count(AppenderObject *self, void *closure)
{
    return PyLong_FromSsize_t(self->count);
}

static PyObject *
appender_get_next_offset(AppenderObject *self, void *closure)
{
    return kf_wide_as_long(self->next_offset);
}

static PyObject *
appender_get_base_timestamp(AppenderObject *self, void *closure)
{
    return self->have_base ? kf_wide_as_long(self->base_timestamp) : Py_NewRef(Py_None);
}

static PyObject *
appender_get_max_timestamp(AppenderObject *self, void *closure)
{
    return self->count ? kf_wide_as_long(self->max_timestamp) : Py_NewRef(Py_None);
}

static PyObject *
appender_get_size(AppenderObject *self, void *closure)
{
    return PyLong_FromSsize_t(self->out.len);
}

static PyObject *
appender_get_records(AppenderObject *self, void *closure)
{
    return Py_NewRef(self->records ? self->records : Py_None);
}

static PyGetSetDef appender_getset[] = {
    {"_count", (getter)appender_get_count, NULL, "records appended", NULL},
    {"_next_offset", (getter)appender_get_next_offset, NULL, "the next record's offset", NULL},
    {"_base_timestamp", (getter)appender_get_base_timestamp, NULL,
     "the base timestamp (None until given or appended)", NULL},
    {"_max_timestamp", (getter)appender_get_max_timestamp, NULL,
     "the largest timestamp appended (None: no record)", NULL},
    {"_size", (getter)appender_get_size, NULL, "bytes of encoded records (native mode)", NULL},
    {"_records", (getter)appender_get_records, NULL, "Python mode: the Records (else None)",
     NULL},
    {NULL},
};

static PyMethodDef appender_append_def = {
    "append", (PyCFunction)(void (*)(void))appender_append, METH_FASTCALL | METH_KEYWORDS,
    "append(timestamp, key, value, headers=(), *, offset=None): add one record."};

/* __init_subclass__: a subclass inheriting this append gets it as a method of its own type.
 * CPython runs a C method's call inline (PRECALL_METHOD_DESCRIPTOR_FAST_WITH_KEYWORDS) only
 * when the instance's type is exactly the method's type, so the base's append called on a
 * RecordBatchBuilder took the generic call path every time (about 9 ns of a 60 ns append).
 * The descriptor checks its instances against the subclass, whose layout is this type's. */
static PyObject *
appender_init_subclass(PyObject *cls, PyObject *args, PyObject *kwargs)
{
    if (PyTuple_GET_SIZE(args) || (kwargs && PyDict_GET_SIZE(kwargs))) {
        PyErr_SetString(PyExc_TypeError, "__init_subclass__() takes no arguments");
        return NULL;
    }
    PyObject *found = PyObject_GetAttr(cls, str_append);
    if (!found)
        return NULL;
    int inherited = Py_IS_TYPE(found, &PyMethodDescr_Type) &&
                    ((PyMethodDescrObject *)found)->d_method->ml_meth == appender_append_def.ml_meth &&
                    ((PyMethodDescrObject *)found)->d_common.d_type != (PyTypeObject *)cls;
    Py_DECREF(found);
    if (!inherited) /* the subclass (or a base between) has an append of its own */
        Py_RETURN_NONE;
    PyObject *method = PyDescr_NewMethod((PyTypeObject *)cls, &appender_append_def);
    if (!method)
        return NULL;
    int rc = PyObject_SetAttr(cls, str_append, method);
    Py_DECREF(method);
    if (rc < 0)
        return NULL;
    Py_RETURN_NONE;
}

static PyMethodDef appender_methods[] = {
    {"_setup", (PyCFunction)appender_setup, METH_VARARGS,
     "_setup(element, base_offset, base_timestamp, attributes, hook, timestamp_type)"},
    {"append", (PyCFunction)(void (*)(void))appender_append, METH_FASTCALL | METH_KEYWORDS,
     "append(timestamp, key, value, headers=(), *, offset=None): add one record."},
    {"__init_subclass__", (PyCFunction)(void (*)(void))appender_init_subclass,
     METH_VARARGS | METH_KEYWORDS | METH_CLASS,
     "A subclass gets append as a method of its own type (its calls then run inline)."},
    {NULL},
};

static PyTypeObject AppenderType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "kformat.engine._native.RecordAppender",
    .tp_doc = "Records appended one at a time and encoded at once (kformat.RecordBatchBuilder "
              "is its subclass).",
    .tp_basicsize = sizeof(AppenderObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_new = PyType_GenericNew,
    .tp_dealloc = (destructor)appender_dealloc,
    .tp_methods = appender_methods,
    .tp_getset = appender_getset,
};

static int
appender_ready(PyObject *m)
{
    str_headers = PyUnicode_InternFromString("headers");
    str_offset = PyUnicode_InternFromString("offset");
    str_append = PyUnicode_InternFromString("append");
    if (!str_headers || !str_offset || !str_append)
        return -1;
    if (!empty_headers && !(empty_headers = PyTuple_New(0)))
        return -1;
    if (PyType_Ready(&AppenderType) < 0)
        return -1;
    return PyModule_AddObjectRef(m, "RecordAppender", (PyObject *)&AppenderType);
}

/* ------------------------------------------------------------------------------ module */

static PyObject *
native_parse(PyObject *self, PyObject *args)
{
    PyObject *plan, *limit = Py_None;
    Py_buffer view;
    Py_ssize_t pos = 0;
    int verify = 1;
    if (!PyArg_ParseTuple(args, "O!y*|npO", &PyTuple_Type, &plan, &view, &pos, &verify, &limit))
        return NULL;
    if (pos < 0 || pos > view.len) {
        PyBuffer_Release(&view);
        return fail_null("start outside the buffer");
    }
    Reader r = {(const uint8_t *)view.buf, pos, view.len, 0, 0, NULL, verify,
                limit == Py_None ? NULL : limit, NULL, view.obj};
    /* No collection while the tree is built: the new objects are all reachable from it, and
     * collecting young objects every 700 allocations costs more than building them. The
     * state is restored before returning (the GIL is held throughout). */
    int gc_was_enabled = PyGC_Disable();
    PyObject *value = parse_node(&r, plan);
    if (gc_was_enabled)
        PyGC_Enable();
    PyBuffer_Release(&view);
    if (!value)
        return NULL;
    PyObject *out = Py_BuildValue("(Nn)", value, r.pos);
    return out;
}

/* build(plan, value, level=None, size=0): the bytes of value. A size from OUT_DIRECT bytes
 * up (what the caller expects the bytes to take, or a little more: a RecordBatchBuilder's
 * records and header) builds straight into a bytes object of that size, shrunk to what was
 * written (no copy of the whole out of a scratch buffer); else the build runs in a scratch
 * buffer, copied out. */
#define OUT_DIRECT ((Py_ssize_t)64 << 10)
static PyObject *
native_build(PyObject *self, PyObject *args)
{
    PyObject *plan, *value, *level = Py_None;
    Py_ssize_t size = 0;
    if (!PyArg_ParseTuple(args, "O!O|On", &PyTuple_Type, &plan, &value, &level, &size))
        return NULL;
    Writer w = {NULL, 0, 0, 0, NULL, NULL, level == Py_None ? NULL : level, NULL, NULL};
    if (size >= OUT_DIRECT && size <= PY_SSIZE_T_MAX / 4) {
        if (!(w.out = PyBytes_FromStringAndSize(NULL, size)))
            return NULL;
        w.buf = PyBytes_AS_STRING(w.out);
        w.cap = size;
        int rc = build_node(&w, plan, value);
        if (rc < 0 || _PyBytes_Resize(&w.out, w.len) < 0) {
            Py_XDECREF(w.out);
            return NULL;
        }
        return w.out;
    }
    writer_take_scratch(&w);
    PyObject *out = NULL;
    if (build_node(&w, plan, value) == 0)
        out = PyBytes_FromStringAndSize(w.buf ? w.buf : "", w.len);
    writer_release(&w);
    return out;
}

static PyMethodDef methods[] = {
    {"parse", native_parse, METH_VARARGS,
     "parse(plan, data, pos=0, verify=True, limit=None) -> (value, end): decode one value "
     "of plan at data[pos:]; verify checks CRCs, limit caps decompression (None: the plan's)."},
    {"legacy_batches", native_legacy_batches, METH_VARARGS,
     "legacy_batches(entry, data, pos, verify, limit, max_size, spec, max_entries, max_bytes, "
     "frame) -> (batches, end): the "
     "magic 0/1 entries from pos on as Batch values, up to the first one left to the Python "
     "path."},
    {"v2_batches", native_v2_batches, METH_VARARGS,
     "v2_batches(plan, data, pos, verify, limit, max_size, frame, spec, max_bytes) -> "
     "(batches, end): the magic 2 batches from pos on as Batch values, up to the first one "
     "left to the Python path (or max_bytes read, 0: no limit)."},
    {"legacy_messages", native_legacy_messages, METH_VARARGS,
     "legacy_messages(entry, records, magic) -> bytes: magic 0/1 entries, a plain message per "
     "native Record, by the entry plan's steps (Fallback for anything else)."},
    {"build", native_build, METH_VARARGS,
     "build(plan, value, level=None) -> bytes: encode value; level is the compression "
     "level given to the plan's payload function (None: its default)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "kformat.engine._native",
    "kformat's native engine: the plan interpreter (see kformat.engine).", -1, methods,
};

PyMODINIT_FUNC
PyInit__native(void)
{
    PyObject *m = PyModule_Create(&module);
    if (!m)
        return NULL;
    PyObject *uuid_mod = PyImport_ImportModule("uuid");
    PyObject *copy_mod = PyImport_ImportModule("copy");
    if (!uuid_mod || !copy_mod)
        goto error;
    uuid_type = PyObject_GetAttrString(uuid_mod, "UUID");
    PyObject *safe = PyObject_GetAttrString(uuid_mod, "SafeUUID");
    safe_unknown = safe ? PyObject_GetAttrString(safe, "unknown") : NULL;
    Py_XDECREF(safe);
    deepcopy = PyObject_GetAttrString(copy_mod, "deepcopy");
    Py_CLEAR(uuid_mod);
    Py_CLEAR(copy_mod);
    if (!uuid_type || !safe_unknown || !deepcopy || !PyType_Check(uuid_type))
        goto error;
    str_int = PyUnicode_InternFromString("int");
    str_is_safe = PyUnicode_InternFromString("is_safe");
    str_raw = PyUnicode_InternFromString("raw");
    str_level = PyUnicode_InternFromString("level");
    str_release = PyUnicode_InternFromString("release");
    str_unknown_tags = PyUnicode_InternFromString("_unknown_tags");
    str_defaults_on_wire = PyUnicode_InternFromString("_defaults_on_wire");
    if (!str_int || !str_is_safe || !str_raw || !str_level || !str_release || !str_unknown_tags ||
        !str_defaults_on_wire)
        goto error;
    Fallback = PyErr_NewExceptionWithDoc(
        "kformat.engine._native.Fallback",
        "The native engine declined: the Python path decides (value or precise error).",
        PyExc_ValueError, NULL);
    if (!Fallback || PyModule_AddObjectRef(m, "Fallback", Fallback) < 0)
        goto error;
    if (PyModule_AddFunctions(m, columnar_methods) < 0)
        goto error;
    if (PyModule_AddIntConstant(m, "MAX_DEPTH", MAX_DEPTH) < 0 ||
        PyModule_AddIntConstant(m, "PLAN_VERSION", PLAN_VERSION) < 0 ||
        PyModule_AddStringConstant(m, "SOURCE_DIGEST", KFORMAT_SOURCE_DIGEST) < 0)
        goto error;
    if (kf_record_ready(m) < 0)
        goto error;
    if (appender_ready(m) < 0)
        goto error;
    if (kf_crc_ready(m) < 0)
        goto error;
    find_small_ints();
    return m;
error:
    Py_XDECREF(uuid_mod);
    Py_XDECREF(copy_mod);
    Py_DECREF(m);
    return NULL;
}
