/* kformat's native Record type (kformat/engine/record.c): one record of a batch, immutable,
 * not tracked by the cyclic garbage collector.
 *
 * Every field holds an atomic immutable value (numbers kept as C ints, bytes or None, a
 * tuple of (str, bytes | None) tuples), checked when a Record is made, so a Record can never
 * be part of a reference cycle: the GC need not track it (docs/architecture.md, "The
 * native Record"). The pure-Python twin is kformat.records.model.PythonRecord; both give the
 * same values, errors, equality, hashes, reprs and pickles (tests/records/test_record_type.py).
 */
#ifndef KFORMAT_RECORD_H
#define KFORMAT_RECORD_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

/* The field order of Record (positional arguments, __reduce__, __match_args__). */
enum {
    KF_OFFSET = 0, KF_TIMESTAMP = 1, KF_KEY = 2, KF_VALUE = 3, KF_HEADERS = 4,
    KF_TIMESTAMP_TYPE = 5, KF_ATTRIBUTES = 6, KF_OFFSET_DELTA = 7, KF_TIMESTAMP_DELTA = 8,
    KF_RECORD_FIELDS = 9,
};

#ifndef __SIZEOF_INT128__
#error "kformat's native Record needs a compiler with __int128 (gcc, clang)"
#endif
/* offset and timestamp are absolute: base (int64) + delta (int32 / int64) can exceed int64,
 * and a legacy (magic 0/1) record's deltas are differences of int64 offsets, so these four
 * are kept in 128 bits (the Python twin takes the same range). */
typedef __int128 kf_wide;

/* The numbers of a Record. */
typedef struct {
    kf_wide offset;
    kf_wide timestamp;
    kf_wide offset_delta;
    kf_wide timestamp_delta;
    int64_t attributes;
    int timestamp_type; /* -1, 0 or 1 */
} RecordInts;

typedef struct {
    PyObject_VAR_HEAD  /* ob_size: the raw headers' byte count (0: none kept) */
    RecordInts n;
    PyObject *key;     /* bytes or None */
    PyObject *value;   /* bytes or None */
    PyObject *headers; /* tuple of (str, bytes | None) tuples; NULL while raw (below) */
    /* Raw headers: a parsed record keeps its headers' wire bytes inline, in raw (the
     * entries after the count, checked when parsed: every length within them, every key
     * valid UTF-8), made into the tuple the first time anything reads them (kf_headers):
     * no object per record for headers never looked at. */
    int32_t raw_count;   /* entries in raw; 0 when headers is the tuple */
    uint8_t raw_key_prefix, raw_value_prefix; /* their length prefixes (native.h PFX_*) */
    char raw[];
} RecordObject;

extern PyTypeObject kf_RecordType;

/* Ready the type and add it to module as "Record" (plus bind_record); 0 or -1. */
int kf_record_ready(PyObject *module);

/* A Record of values the caller has checked (key and value bytes or None, headers a tuple
 * kf_headers_ok accepts, timestamp_type -1, 0 or 1). Steals key, value and headers, also on
 * failure. */
PyObject *kf_record_new(const RecordInts *ints, PyObject *key, PyObject *value,
                        PyObject *headers);

/* v as a Python int. */
PyObject *kf_wide_as_long(kf_wide v);

/* A new Record with room for raw_size bytes of raw headers, its objects NULL and no raw
 * entries: the caller sets every field (n; key and value, bytes or None; headers, or raw,
 * raw_count and the prefixes) before anything else sees it. NULL with an exception. */
RecordObject *kf_record_alloc(Py_ssize_t raw_size);

/* The record's headers tuple (borrowed), made from the raw bytes first if need be; NULL with
 * an exception on failure. */
PyObject *kf_headers(RecordObject *r);

/* Whether o is a native Record. */
#define kf_Record_CheckExact(o) (Py_TYPE(o) == &kf_RecordType)

/* 1 when headers is a tuple of exact (str, bytes | None) 2-tuples, else 0. */
int kf_headers_ok(PyObject *headers);

#endif
