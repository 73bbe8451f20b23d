/* A deliberately broken extension: proves that `make sanitize` catches what it claims to.
 *
 * copy(data, overflow=False) returns a copy of data; with overflow=True it reads one byte
 * past the end of a heap buffer (AddressSanitizer: heap-buffer-overflow).
 * add(a, b) adds two C ints; a sum outside int's range is undefined behaviour
 * (UndefinedBehaviorSanitizer: signed integer overflow).
 * span(data, set=True) returns data[at:at] for a span whose position only set=True gives:
 * without it, an unset stack slot (a pattern under -ftrivial-auto-var-init=pattern) makes
 * data + at overflow (UndefinedBehaviorSanitizer: pointer index expression overflowed).
 * Built and run only by tests/sanitize/test_sanitizer_harness.py (`make sanitize`). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdlib.h>
#include <string.h>

static PyObject *copy(PyObject *self, PyObject *args) {
    Py_buffer view;
    int overflow = 0;
    if (!PyArg_ParseTuple(args, "y*|p", &view, &overflow))
        return NULL;
    char *buf = malloc(view.len ? (size_t)view.len : 1);
    if (buf == NULL) {
        PyBuffer_Release(&view);
        return PyErr_NoMemory();
    }
    memcpy(buf, view.buf, (size_t)view.len);
    /* the bug behind the flag: one byte too many */
    PyObject *out = PyBytes_FromStringAndSize(buf, view.len + (overflow ? 1 : 0));
    free(buf);
    PyBuffer_Release(&view);
    return out;
}

static PyObject *add(PyObject *self, PyObject *args) {
    int a, b;
    if (!PyArg_ParseTuple(args, "ii", &a, &b))
        return NULL;
    return PyLong_FromLong(a + b);
}

typedef struct {
    Py_ssize_t at, len;
} Span;

static __attribute__((noinline)) void
read_span(Span *spans, int n, int set)
{
    for (int i = 0; i < n; i++) {
        spans[i].len = 0;
        if (set) /* the bug behind the flag: a span without a position */
            spans[i].at = 0;
    }
}

static PyObject *span(PyObject *self, PyObject *args) {
    Py_buffer view;
    int set = 1;
    if (!PyArg_ParseTuple(args, "y*|p", &view, &set))
        return NULL;
    Span spans[4];
    read_span(spans, 4, set);
    const char *at = (const char *)view.buf + spans[2].at;
    PyObject *out = PyBytes_FromStringAndSize(at, spans[2].len);
    PyBuffer_Release(&view);
    return out;
}

static PyMethodDef methods[] = {
    {"span", span, METH_VARARGS, "span(data, set=True): data[at:at], at unset without set"},
    {"copy", copy, METH_VARARGS, "copy(data, overflow=False)"},
    {"add", add, METH_VARARGS, "add(a, b): a + b as C ints"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "overflow", NULL, -1, methods};

PyMODINIT_FUNC PyInit_overflow(void) { return PyModule_Create(&module); }
