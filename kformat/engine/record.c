/* kformat's native Record type: see record.h and docs/architecture.md ("The native Record").
 *
 * The type is immutable and has no Py_TPFLAGS_HAVE_GC: every value it holds is checked to be
 * atomic (ints kept as C int64, bytes or None, a tuple of (str, bytes | None) tuples) when a
 * Record is made, by the constructor and by replace(), so no reference cycle can pass
 * through one. Its behaviour (errors, equality, hash, repr, pickling) is that of the
 * pure-Python twin, kformat.records.model.PythonRecord; tests/records/test_record_type.py
 * runs the same tests on both.
 */
#include "native.h"
#include "record.h"
#include <structmember.h>

static const char *const field_names[KF_RECORD_FIELDS] = {
    "offset", "timestamp", "key", "value", "headers", "timestamp_type", "attributes",
    "offset_delta", "timestamp_delta",
};
static PyObject *field_strs[KF_RECORD_FIELDS]; /* interned field names */
static PyObject *timestamp_types[3];           /* TimestampType(-1), (0), (1) once bound */
static PyObject *encode_error;                 /* kformat.errors.EncodeError once bound */

/* ------------------------------------------------------------------------------ checks */

/* Raise EncodeError(reason, path=path, actual=actual) (a TypeError before bind_record). */
static int
invalid(const char *reason, PyObject *path, PyObject *actual)
{
    if (!encode_error) {
        PyErr_Format(PyExc_TypeError, "%s (%U)", reason, path);
        return -1;
    }
    PyObject *args = Py_BuildValue("(s)", reason);
    PyObject *kwargs = args ? Py_BuildValue("{sOsO}", "path", path, "actual", actual) : NULL;
    PyObject *exc = kwargs ? PyObject_Call(encode_error, args, kwargs) : NULL;
    Py_XDECREF(args);
    Py_XDECREF(kwargs);
    if (exc) {
        PyErr_SetObject(encode_error, exc);
        Py_DECREF(exc);
    }
    return -1;
}

static int
invalid_type(const char *reason, PyObject *path, PyObject *value)
{
    PyObject *name = PyUnicode_FromString(Py_TYPE(value)->tp_name);
    if (!name)
        return -1;
    invalid(reason, path, name);
    Py_DECREF(name);
    return -1;
}

/* value as a 128-bit int; 1 when it does not fit (no exception set), -1 on error */
static int
as_wide(PyObject *value, kf_wide *out)
{
    int overflow;
    long long v = PyLong_AsLongLongAndOverflow(value, &overflow);
    if (v == -1 && PyErr_Occurred())
        return -1;
    if (!overflow) {
        *out = v;
        return 0;
    }
    PyObject *shift = PyLong_FromLong(64);
    PyObject *high = shift ? PyNumber_Rshift(value, shift) : NULL;
    Py_XDECREF(shift);
    if (!high)
        return -1;
    long long hi = PyLong_AsLongLongAndOverflow(high, &overflow);
    Py_DECREF(high);
    if (hi == -1 && PyErr_Occurred())
        return -1;
    if (overflow)
        return 1;
    unsigned long long lo = PyLong_AsUnsignedLongLongMask(value);
    if (lo == (unsigned long long)-1 && PyErr_Occurred())
        return -1;
    *out = (kf_wide)(((unsigned __int128)(uint64_t)hi << 64) | lo);
    return 0;
}

PyObject *
kf_wide_as_long(kf_wide v)
{
    if (v >= INT64_MIN && v <= INT64_MAX)
        return PyLong_FromLongLong((long long)v);
    PyObject *hi = PyLong_FromLongLong((long long)(v >> 64));
    PyObject *lo = PyLong_FromUnsignedLongLong((unsigned long long)(uint64_t)v);
    PyObject *shift = PyLong_FromLong(64);
    PyObject *shifted = hi && shift ? PyNumber_Lshift(hi, shift) : NULL;
    PyObject *out = shifted && lo ? PyNumber_Or(shifted, lo) : NULL;
    Py_XDECREF(hi);
    Py_XDECREF(lo);
    Py_XDECREF(shift);
    Py_XDECREF(shifted);
    return out;
}

/* An int field, checked: attributes within int64, timestamp_type -1, 0 or 1, the others
 * (offsets, timestamps and their deltas) within int128. */
static int
check_int(int field, PyObject *value, kf_wide *out)
{
    PyObject *path = field_strs[field];
    char reason[64];
    if (!PyLong_Check(value)) {
        PyOS_snprintf(reason, sizeof reason, "%s needs an int", field_names[field]);
        return invalid_type(reason, path, value);
    }
    kf_wide v;
    int rc = as_wide(value, &v);
    if (rc < 0)
        return -1;
    if (field == KF_TIMESTAMP_TYPE && (rc || v < -1 || v > 1))
        return invalid("timestamp_type must be a TimestampType (-1, 0 or 1)", path, value);
    int wide = field != KF_ATTRIBUTES;
    if (rc || (!wide && (v < INT64_MIN || v > INT64_MAX))) {
        PyOS_snprintf(reason, sizeof reason, "%s is outside the int%d range",
                      field_names[field], wide ? 128 : 64);
        return invalid(reason, path, value);
    }
    *out = v;
    return 0;
}

/* bytes or None as exact bytes or None (a new reference); bytearray, memoryview and bytes
 * subclasses are copied to bytes. */
static PyObject *
checked_blob(PyObject *value, const char *reason, PyObject *path)
{
    if (value == Py_None || PyBytes_CheckExact(value))
        return Py_NewRef(value);
    if (PyBytes_Check(value) || PyByteArray_Check(value) || PyMemoryView_Check(value))
        return PyBytes_FromObject(value);
    invalid_type(reason, path, value);
    return NULL;
}

static int
header_ok(PyObject *h)
{
    if (!PyTuple_CheckExact(h) || PyTuple_GET_SIZE(h) != 2)
        return 0;
    PyObject *v = PyTuple_GET_ITEM(h, 1);
    return PyUnicode_CheckExact(PyTuple_GET_ITEM(h, 0)) && (v == Py_None || PyBytes_CheckExact(v));
}

int
kf_headers_ok(PyObject *headers)
{
    if (!PyTuple_CheckExact(headers))
        return 0;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(headers); i++) {
        if (!header_ok(PyTuple_GET_ITEM(headers, i)))
            return 0;
    }
    return 1;
}

static PyObject *
header_path(Py_ssize_t j, const char *tail)
{
    return PyUnicode_FromFormat("headers[%zd]%s", j, tail);
}

/* One (key, value) pair as an exact (str, bytes | None) tuple, untracked by the GC. */
static PyObject *
checked_header(PyObject *pair, Py_ssize_t j)
{
    PyObject *path = NULL, *key = NULL, *value = NULL;
    if ((!PyTuple_Check(pair) && !PyList_Check(pair)) || PySequence_Fast_GET_SIZE(pair) != 2) {
        if ((path = header_path(j, "")))
            invalid_type("a header is a (key, value) pair", path, pair);
        goto error;
    }
    PyObject *k = PySequence_Fast_GET_ITEM(pair, 0), *v = PySequence_Fast_GET_ITEM(pair, 1);
    if (!PyUnicode_Check(k)) {
        if ((path = header_path(j, ".key")))
            invalid_type("a header key needs a str", path, k);
        goto error;
    }
    key = PyUnicode_CheckExact(k) ? Py_NewRef(k) : PyUnicode_FromObject(k);
    if (!key)
        goto error;
    if (v == Py_None || PyBytes_CheckExact(v))
        value = Py_NewRef(v);
    else {
        if (!(path = header_path(j, ".value")))
            goto error;
        if (!(value = checked_blob(v, "a header value needs bytes or None", path)))
            goto error;
    }
    Py_XDECREF(path);
    PyObject *out = PyTuple_New(2);
    if (!out) {
        Py_DECREF(key);
        Py_DECREF(value);
        return NULL;
    }
    PyTuple_SET_ITEM(out, 0, key);
    PyTuple_SET_ITEM(out, 1, value);
    PyObject_GC_UnTrack(out); /* atomic values only */
    return out;
error:
    Py_XDECREF(path);
    Py_XDECREF(key);
    return NULL;
}

/* headers (a list or tuple of (key, value) pairs) as a tuple of exact pairs (new ref). */
static PyObject *
checked_headers(PyObject *headers)
{
    if (kf_headers_ok(headers))
        return Py_NewRef(headers);
    if (!PyTuple_Check(headers) && !PyList_Check(headers)) {
        invalid_type("headers need a list or tuple of (key, value) pairs",
                     field_strs[KF_HEADERS], headers);
        return NULL;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(headers);
    PyObject *out = PyTuple_New(n);
    if (!out)
        return NULL;
    for (Py_ssize_t j = 0; j < n; j++) {
        /* a list may shrink under us only through a header's own code: re-check */
        if (j >= PySequence_Fast_GET_SIZE(headers)) {
            Py_DECREF(out);
            PyErr_SetString(PyExc_RuntimeError, "headers changed while being read");
            return NULL;
        }
        PyObject *pair = PySequence_Fast_GET_ITEM(headers, j);
        Py_INCREF(pair);
        PyObject *h = header_ok(pair) ? Py_NewRef(pair) : checked_header(pair, j);
        Py_DECREF(pair);
        if (!h) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, j, h);
    }
    if (n)
        PyObject_GC_UnTrack(out);
    return out;
}

/* Set field of r from value, checked; r owns what it held before (released here). */
static int
set_field(RecordObject *r, int field, PyObject *value)
{
    PyObject *checked, **slot;
    switch (field) {
    case KF_KEY:
        checked = checked_blob(value, "key needs bytes or None", field_strs[field]);
        slot = &r->key;
        break;
    case KF_VALUE:
        checked = checked_blob(value, "value needs bytes or None", field_strs[field]);
        slot = &r->value;
        break;
    case KF_HEADERS:
        checked = checked_headers(value);
        slot = &r->headers;
        if (checked)
            r->raw_count = 0; /* the tuple given replaces raw headers, if any */
        break;
    default: {
        kf_wide v;
        if (check_int(field, value, &v) < 0)
            return -1;
        switch (field) {
        case KF_OFFSET: r->n.offset = v; break;
        case KF_TIMESTAMP: r->n.timestamp = v; break;
        case KF_TIMESTAMP_TYPE: r->n.timestamp_type = (int)v; break;
        case KF_ATTRIBUTES: r->n.attributes = (int64_t)v; break;
        case KF_OFFSET_DELTA: r->n.offset_delta = v; break;
        default: r->n.timestamp_delta = v; break;
        }
        return 0;
    }
    }
    if (!checked)
        return -1;
    Py_XSETREF(*slot, checked);
    return 0;
}

/* ------------------------------------------------------------------------------ making */

static const RecordInts default_ints = {.offset = 0, .timestamp = -1};

static RecordObject *
record_alloc(Py_ssize_t raw_size)
{
    RecordObject *r = PyObject_NewVar(RecordObject, &kf_RecordType, raw_size);
    if (!r)
        return NULL;
    r->key = r->value = r->headers = NULL;
    r->raw_count = 0;
    r->raw_key_prefix = r->raw_value_prefix = 0;
    return r;
}

/* A new Record of ints, key and value (references stolen, released on failure) with room
 * for raw_size bytes of raw headers and no headers yet. */
static RecordObject *
record_of(const RecordInts *ints, PyObject *key, PyObject *value, Py_ssize_t raw_size)
{
    RecordObject *r = record_alloc(raw_size);
    if (!r) {
        Py_DECREF(key);
        Py_DECREF(value);
        return NULL;
    }
    r->n = *ints;
    r->key = key;
    r->value = value;
    return r;
}

RecordObject *
kf_record_alloc(Py_ssize_t raw_size)
{
    return record_alloc(raw_size);
}

/* A new Record with other's headers (the tuple, or a copy of the raw bytes and their
 * description) and nothing else set. */
static RecordObject *
record_with_headers_of(RecordObject *other)
{
    RecordObject *r = record_alloc(other->raw_count ? Py_SIZE(other) : 0);
    if (!r)
        return NULL;
    if (other->raw_count) {
        memcpy(r->raw, other->raw, (size_t)Py_SIZE(other));
        r->raw_count = other->raw_count;
        r->raw_key_prefix = other->raw_key_prefix;
        r->raw_value_prefix = other->raw_value_prefix;
    }
    else
        r->headers = Py_NewRef(other->headers);
    return r;
}

/* The last ASCII header key decoded (a new reference kept here): header keys repeat from
 * record to record ("trace-id" on every one), and a key whose bytes equal it is the same
 * str, so the equal key is shared instead of decoded again (the GIL guards this). */
static PyObject *recent_key;
#define RECENT_KEY_MAX 256

/* A header key's str from its checked UTF-8 bytes (the recent key when they are its). */
static PyObject *
header_key(const char *p, Py_ssize_t n)
{
    PyObject *k = recent_key;
    if (k && PyUnicode_GET_LENGTH(k) == n && memcmp(PyUnicode_DATA(k), p, (size_t)n) == 0)
        return Py_NewRef(k);
    PyObject *s = PyUnicode_DecodeUTF8(p, n, "strict");
    if (s && n <= RECENT_KEY_MAX && PyUnicode_IS_COMPACT_ASCII(s))
        Py_XSETREF(recent_key, Py_NewRef(s));
    return s;
}

/* The raw headers decoded: checked when parsed, so a failure here means memory (or a bug,
 * reported as SystemError rather than as bad input). */
PyObject *
kf_headers(RecordObject *r)
{
    if (!r->raw_count)
        return r->headers;
    Reader rd = {(const uint8_t *)r->raw, 0, Py_SIZE(r), 0, 0,
                 NULL, 1, NULL};
    PyObject *tuple = PyTuple_New(r->raw_count);
    if (!tuple)
        return NULL;
    for (Py_ssize_t j = 0; j < r->raw_count; j++) {
        int64_t n;
        PyObject *key = NULL, *value = NULL, *pair = NULL;
        if (read_length(&rd, r->raw_key_prefix, &n) == 0 && n >= 0 &&
            need(&rd, (Py_ssize_t)n) == 0) {
            key = header_key((const char *)rd.buf + rd.pos, (Py_ssize_t)n);
            rd.pos += (Py_ssize_t)n;
        }
        if (key && read_length(&rd, r->raw_value_prefix, &n) == 0) {
            if (n < 0)
                value = Py_NewRef(Py_None);
            else if (need(&rd, (Py_ssize_t)n) == 0) {
                value = PyBytes_FromStringAndSize((const char *)rd.buf + rd.pos, (Py_ssize_t)n);
                rd.pos += (Py_ssize_t)n;
            }
        }
        if (value && (pair = PyTuple_New(2))) {
            PyTuple_SET_ITEM(pair, 0, key);
            PyTuple_SET_ITEM(pair, 1, value);
            PyObject_GC_UnTrack(pair);
            PyTuple_SET_ITEM(tuple, j, pair);
            continue;
        }
        Py_XDECREF(key);
        Py_XDECREF(value);
        Py_DECREF(tuple);
        if (!PyErr_Occurred() || PyErr_ExceptionMatches(Fallback)) {
            PyErr_Clear();
            PyErr_SetString(PyExc_SystemError, "kformat: a record's raw headers do not decode");
        }
        return NULL;
    }
    if (rd.pos != rd.end) {
        Py_DECREF(tuple);
        PyErr_SetString(PyExc_SystemError, "kformat: a record's raw headers do not decode");
        return NULL;
    }
    PyObject_GC_UnTrack(tuple); /* atomic values only */
    Py_XSETREF(r->headers, tuple);
    r->raw_count = 0;
    return tuple;
}

PyObject *
kf_record_new(const RecordInts *ints, PyObject *key, PyObject *value, PyObject *headers)
{
    RecordObject *r = record_of(ints, key, value, 0);
    if (!r) {
        Py_DECREF(headers);
        return NULL;
    }
    r->headers = headers;
    return (PyObject *)r;
}

static void
record_dealloc(RecordObject *r)
{
    Py_XDECREF(r->key);
    Py_XDECREF(r->value);
    Py_XDECREF(r->headers);
    PyObject_Free(r);
}

static int
field_of(PyObject *name)
{
    for (int i = 0; i < KF_RECORD_FIELDS; i++) {
        if (name == field_strs[i])
            return i;
    }
    for (int i = 0; i < KF_RECORD_FIELDS; i++) {
        if (PyUnicode_Check(name) && PyUnicode_Compare(name, field_strs[i]) == 0)
            return i;
    }
    return -1;
}

/* Apply positional args (field order) and keywords (kwnames) over r's current values. */
static int
apply_args(RecordObject *r, const char *who, PyObject *const *args, Py_ssize_t nargs,
           PyObject *kwnames)
{
    if (nargs > KF_RECORD_FIELDS) {
        PyErr_Format(PyExc_TypeError, "%s takes at most %d positional arguments (%zd given)",
                     who, KF_RECORD_FIELDS, nargs);
        return -1;
    }
    unsigned seen = 0;
    for (Py_ssize_t i = 0; i < nargs; i++) {
        if (set_field(r, (int)i, args[i]) < 0)
            return -1;
        seen |= 1u << i;
    }
    Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
    for (Py_ssize_t k = 0; k < nkw; k++) {
        PyObject *name = PyTuple_GET_ITEM(kwnames, k);
        int field = field_of(name);
        if (field < 0) {
            PyErr_Format(PyExc_TypeError, "%s got an unexpected keyword argument '%S'", who,
                         name);
            return -1;
        }
        if (seen & (1u << field)) {
            PyErr_Format(PyExc_TypeError, "%s got multiple values for argument '%S'", who,
                         name);
            return -1;
        }
        seen |= 1u << field;
        if (set_field(r, field, args[nargs + k]) < 0)
            return -1;
    }
    return 0;
}

static PyObject *empty_tuple;

static PyObject *
record_vectorcall(PyObject *type, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    RecordObject *r = record_of(&default_ints, Py_NewRef(Py_None), Py_NewRef(Py_None), 0);
    if (!r)
        return NULL;
    r->headers = Py_NewRef(empty_tuple);
    if (apply_args(r, "Record()", args, PyVectorcall_NARGS(nargsf), kwnames) < 0) {
        Py_DECREF(r);
        return NULL;
    }
    return (PyObject *)r;
}

static PyObject *
record_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    /* Record(...) through tp_call (PyObject_Call with a dict): the vectorcall, keywords as
     * names plus values */
    Py_ssize_t nargs = PyTuple_GET_SIZE(args);
    Py_ssize_t nkw = kwargs ? PyDict_GET_SIZE(kwargs) : 0;
    PyObject *stack[2 * KF_RECORD_FIELDS + 1] = {NULL};
    if (nargs + nkw > 2 * KF_RECORD_FIELDS) {
        PyErr_SetString(PyExc_TypeError, "Record() takes at most 9 arguments");
        return NULL;
    }
    for (Py_ssize_t i = 0; i < nargs; i++)
        stack[i] = PyTuple_GET_ITEM(args, i);
    PyObject *kwnames = nkw ? PyTuple_New(nkw) : NULL;
    if (nkw && !kwnames)
        return NULL;
    Py_ssize_t pos = 0, k = 0;
    PyObject *key, *value;
    while (kwargs && PyDict_Next(kwargs, &pos, &key, &value)) {
        PyTuple_SET_ITEM(kwnames, k, Py_NewRef(key));
        stack[nargs + k++] = value;
    }
    PyObject *out = record_vectorcall((PyObject *)type, stack, (size_t)nargs, kwnames);
    Py_XDECREF(kwnames);
    return out;
}

static PyObject *
record_replace(RecordObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    if (nargs) {
        PyErr_SetString(PyExc_TypeError, "replace() takes keyword arguments only");
        return NULL;
    }
    RecordObject *r = record_with_headers_of(self);
    if (!r)
        return NULL;
    r->n = self->n;
    r->key = Py_NewRef(self->key);
    r->value = Py_NewRef(self->value);
    if (apply_args(r, "replace()", args, 0, kwnames) < 0) {
        Py_DECREF(r);
        return NULL;
    }
    return (PyObject *)r;
}

/* ------------------------------------------------------------------------------ reading */

static PyObject *
timestamp_type_of(RecordObject *r)
{
    int t = r->n.timestamp_type;
    if (t >= -1 && t <= 1 && timestamp_types[t + 1])
        return Py_NewRef(timestamp_types[t + 1]);
    return PyLong_FromLong(t);
}

/* Field i as a Python value (timestamp_type as a plain int when plain). */
static PyObject *
field_value(RecordObject *r, int i, int plain)
{
    switch (i) {
    case KF_OFFSET:
        return kf_wide_as_long(r->n.offset);
    case KF_TIMESTAMP:
        return kf_wide_as_long(r->n.timestamp);
    case KF_KEY:
        return Py_NewRef(r->key);
    case KF_VALUE:
        return Py_NewRef(r->value);
    case KF_HEADERS: {
        PyObject *headers = kf_headers(r);
        return headers ? Py_NewRef(headers) : NULL;
    }
    case KF_TIMESTAMP_TYPE:
        return plain ? PyLong_FromLong(r->n.timestamp_type) : timestamp_type_of(r);
    case KF_ATTRIBUTES:
        return PyLong_FromLongLong(r->n.attributes);
    case KF_OFFSET_DELTA:
        return kf_wide_as_long(r->n.offset_delta);
    default:
        return kf_wide_as_long(r->n.timestamp_delta);
    }
}

static PyObject *
get_field(RecordObject *r, void *closure)
{
    return field_value(r, (int)(intptr_t)closure, 0);
}

static PyObject *
as_tuple(RecordObject *r, int plain)
{
    PyObject *t = PyTuple_New(KF_RECORD_FIELDS);
    for (int i = 0; t && i < KF_RECORD_FIELDS; i++) {
        PyObject *v = field_value(r, i, plain);
        if (!v) {
            Py_CLEAR(t);
            break;
        }
        PyTuple_SET_ITEM(t, i, v);
    }
    return t;
}

static PyObject *
record_richcompare(PyObject *a, PyObject *b, int op)
{
    if ((op != Py_EQ && op != Py_NE) || Py_TYPE(b) != Py_TYPE(a))
        Py_RETURN_NOTIMPLEMENTED;
    RecordObject *x = (RecordObject *)a, *y = (RecordObject *)b;
    int equal = x->n.offset == y->n.offset && x->n.timestamp == y->n.timestamp &&
                x->n.attributes == y->n.attributes && x->n.offset_delta == y->n.offset_delta &&
                x->n.timestamp_delta == y->n.timestamp_delta &&
                x->n.timestamp_type == y->n.timestamp_type;
    if (equal)
        equal = PyObject_RichCompareBool(x->key, y->key, Py_EQ);
    if (equal > 0)
        equal = PyObject_RichCompareBool(x->value, y->value, Py_EQ);
    if (equal > 0) {
        PyObject *hx = kf_headers(x), *hy = hx ? kf_headers(y) : NULL;
        equal = hy ? PyObject_RichCompareBool(hx, hy, Py_EQ) : -1;
    }
    if (equal < 0)
        return NULL;
    return PyBool_FromLong(op == Py_EQ ? equal : !equal);
}

static Py_hash_t
record_hash(RecordObject *r)
{
    /* hash of the tuple of the fields, as a frozen dataclass (and PythonRecord) hashes */
    PyObject *t = as_tuple(r, 1);
    if (!t)
        return -1;
    Py_hash_t h = PyObject_Hash(t);
    Py_DECREF(t);
    return h;
}

static PyObject *
record_repr(RecordObject *r)
{
    PyObject *v[KF_RECORD_FIELDS] = {NULL};
    PyObject *out = NULL;
    for (int i = 0; i < KF_RECORD_FIELDS; i++) {
        if (!(v[i] = field_value(r, i, 0)))
            goto done;
    }
    out = PyUnicode_FromFormat(
        "Record(offset=%R, timestamp=%R, key=%R, value=%R, headers=%R, timestamp_type=%R, "
        "attributes=%R, offset_delta=%R, timestamp_delta=%R)",
        v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8]);
done:
    for (int i = 0; i < KF_RECORD_FIELDS; i++)
        Py_XDECREF(v[i]);
    return out;
}

static PyObject *
record_reduce(RecordObject *r, PyObject *unused)
{
    PyObject *t = as_tuple(r, 1);
    return t ? Py_BuildValue("(ON)", (PyObject *)Py_TYPE(r), t) : NULL;
}

static PyObject *
record_self(PyObject *self, PyObject *unused)
{
    return Py_NewRef(self);
}

/* ------------------------------------------------------------------------------ restamp */

/* restamp(records, base_offset, base_timestamp, timestamp_type) -> (list, max timestamp) or
 * None: copies of
 * records (all native Records with a timestamp >= 0) with offset base_offset + i, the
 * same timestamp, offset_delta i, timestamp_delta timestamp - base_timestamp and the given
 * timestamp_type (make_batch's common case); None when an item is anything else or a delta
 * would overflow, for the caller's general path to handle (and name the error). */
static PyObject *
restamp(PyObject *module, PyObject *args)
{
    PyObject *seq, *type;
    long long base_offset, base_timestamp;
    if (!PyArg_ParseTuple(args, "OLLO", &seq, &base_offset, &base_timestamp, &type))
        return NULL;
    kf_wide stamp_type;
    if (!PyList_CheckExact(seq) && !PyTuple_CheckExact(seq))
        Py_RETURN_NONE;
    if (check_int(KF_TIMESTAMP_TYPE, type, &stamp_type) < 0)
        return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject *out = PyList_New(n);
    if (!out)
        return NULL;
    kf_wide max_timestamp = base_timestamp;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(seq, i);
        if (Py_TYPE(item) != &kf_RecordType)
            goto give_up;
        RecordObject *src = (RecordObject *)item;
        kf_wide stamp = src->n.timestamp;
        if (stamp < 0 || stamp > ((kf_wide)1 << 126))
            goto give_up; /* the general path: no timestamp, or a Record may refuse */
        kf_wide delta = stamp - (kf_wide)base_timestamp;
        if (i == 0 || stamp > max_timestamp)
            max_timestamp = stamp;
        RecordInts ints = src->n;
        ints.offset = (kf_wide)base_offset + i;
        ints.timestamp_type = (int)stamp_type;
        ints.offset_delta = i;
        ints.timestamp_delta = delta;
        RecordObject *r = record_with_headers_of(src);
        if (!r) {
            Py_DECREF(out);
            return NULL;
        }
        r->n = ints;
        r->key = Py_NewRef(src->key);
        r->value = Py_NewRef(src->value);
        PyList_SET_ITEM(out, i, (PyObject *)r);
    }
    return Py_BuildValue("(NN)", out, kf_wide_as_long(max_timestamp));
give_up:
    Py_DECREF(out);
    Py_RETURN_NONE;
}

/* bind_record(TimestampType, EncodeError): what the type reports and raises (called once by
 * kformat.records.model, which cannot be imported while this module loads). */
static PyObject *
bind_record(PyObject *module, PyObject *args)
{
    PyObject *enum_type, *error;
    if (!PyArg_ParseTuple(args, "OO", &enum_type, &error))
        return NULL;
    if (!PyExceptionClass_Check(error)) {
        PyErr_SetString(PyExc_TypeError, "bind_record needs an exception class");
        return NULL;
    }
    PyObject *members[3];
    for (int i = 0; i < 3; i++) {
        members[i] = PyObject_CallFunction(enum_type, "i", i - 1);
        if (!members[i] || !PyLong_Check(members[i]) || PyLong_AsLong(members[i]) != i - 1) {
            for (int k = 0; k <= i; k++)
                Py_XDECREF(members[k]);
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_TypeError, "TimestampType must be an IntEnum");
            return NULL;
        }
    }
    for (int i = 0; i < 3; i++)
        Py_XSETREF(timestamp_types[i], members[i]);
    Py_XSETREF(encode_error, Py_NewRef(error));
    Py_RETURN_NONE;
}

/* ------------------------------------------------------------------------------ type */

static PyMemberDef record_members[] = {
    {"key", T_OBJECT_EX, offsetof(RecordObject, key), READONLY, "bytes or None"},
    {"value", T_OBJECT_EX, offsetof(RecordObject, value), READONLY, "bytes or None"},
    {NULL},
};

#define INT_FIELD(name, i, doc) {name, (getter)get_field, NULL, doc, (void *)(intptr_t)(i)}
static PyGetSetDef record_getset[] = {
    {"headers", (getter)get_field, NULL, "a tuple of (str, bytes | None) pairs",
     (void *)(intptr_t)KF_HEADERS},
    INT_FIELD("offset", KF_OFFSET, "the absolute offset"),
    INT_FIELD("timestamp", KF_TIMESTAMP, "the absolute timestamp (ms), -1 for none"),
    INT_FIELD("timestamp_type", KF_TIMESTAMP_TYPE,
              "a TimestampType (LOG_APPEND_TIME in LogAppendTime batches)"),
    INT_FIELD("attributes", KF_ATTRIBUTES, "the record's attributes (unused by Kafka)"),
    INT_FIELD("offset_delta", KF_OFFSET_DELTA, "offset - the batch's base offset"),
    INT_FIELD("timestamp_delta", KF_TIMESTAMP_DELTA,
              "timestamp - the batch's base timestamp, as stored"),
    {NULL},
};

static PyMethodDef record_methods[] = {
    {"replace", (PyCFunction)(void (*)(void))record_replace, METH_FASTCALL | METH_KEYWORDS,
     "replace(**changes) -> Record: a copy with the named fields changed (checked as the "
     "constructor checks them), like dataclasses.replace."},
    {"__replace__", (PyCFunction)(void (*)(void))record_replace,
     METH_FASTCALL | METH_KEYWORDS, "copy.replace() support (Python 3.13)."},
    {"__reduce__", (PyCFunction)record_reduce, METH_NOARGS, "pickle support"},
    {"__copy__", record_self, METH_NOARGS, "a Record is immutable: itself"},
    {"__deepcopy__", record_self, METH_O, "a Record is immutable: itself"},
    {NULL},
};

PyTypeObject kf_RecordType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "kformat.records.model.Record",
    .tp_basicsize = offsetof(RecordObject, raw),
    .tp_itemsize = 1, /* the raw headers */
    .tp_dealloc = (destructor)record_dealloc,
    .tp_repr = (reprfunc)record_repr,
    .tp_hash = (hashfunc)record_hash,
    .tp_flags = Py_TPFLAGS_DEFAULT, /* immutable atomic values only: no GC; final */
    .tp_doc = PyDoc_STR(
        "Record(offset=0, timestamp=-1, key=None, value=None, headers=(), "
        "timestamp_type=TimestampType.CREATE_TIME, attributes=0, offset_delta=0, "
        "timestamp_delta=0)\n--\n\n"
        "One record of a batch, immutable. offset and timestamp are absolute; headers is a "
        "tuple of (str, bytes | None) pairs (any list or tuple of pairs is accepted and "
        "stored as one). replace(**changes) makes a changed copy."),
    .tp_richcompare = record_richcompare,
    .tp_methods = record_methods,
    .tp_members = record_members,
    .tp_getset = record_getset,
    .tp_new = record_new,
    .tp_vectorcall = record_vectorcall,
};

static PyMethodDef module_functions[] = {
    {"bind_record", bind_record, METH_VARARGS,
     "bind_record(TimestampType, EncodeError): the enum Record.timestamp_type returns and "
     "the error a bad field raises."},
    {"restamp_records", restamp, METH_VARARGS,
     "restamp_records(records, base_offset, base_timestamp, timestamp_type) -> "
     "(list, max_timestamp) | None: make_batch's copies of native Records with offsets and "
     "deltas, and their largest timestamp (base_timestamp when empty); None: not all "
     "records qualify."},
    {NULL},
};

int
kf_record_ready(PyObject *module)
{
    for (int i = 0; i < KF_RECORD_FIELDS; i++) {
        if (!field_strs[i] && !(field_strs[i] = PyUnicode_InternFromString(field_names[i])))
            return -1;
    }
    if (!empty_tuple && !(empty_tuple = PyTuple_New(0)))
        return -1;
    if (PyType_Ready(&kf_RecordType) < 0)
        return -1;
    PyObject *match = PyTuple_New(KF_RECORD_FIELDS);
    if (!match)
        return -1;
    for (int i = 0; i < KF_RECORD_FIELDS; i++)
        PyTuple_SET_ITEM(match, i, Py_NewRef(field_strs[i]));
    int rc = PyDict_SetItemString(kf_RecordType.tp_dict, "__match_args__", match);
    Py_DECREF(match);
    if (rc < 0)
        return -1;
    PyType_Modified(&kf_RecordType);
    if (PyModule_AddObjectRef(module, "Record", (PyObject *)&kf_RecordType) < 0)
        return -1;
    return PyModule_AddFunctions(module, module_functions);
}
