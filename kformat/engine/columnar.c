/* The columnar sink of the native engine: back-to-back record batches into Arrow buffers.
 *
 * _native.arrow_columns(plan, data, spec, options) walks the same plan the interpreter
 * parses (kformat/engine/plan.py lowers RecordBatchV2 to it: the length prefix, CRC,
 * COMPRESSED, the records region, the record struct, headers) once per batch, and instead of
 * making Python objects it writes the fields the caller asks for into Arrow-layout buffers
 * (offsets, validity bitmaps, data) held in bytes objects, handed to pyarrow without a copy
 * (kformat/records/arrow_native.py). Nothing here knows the record layout: which grammar
 * field feeds which column, and how (a field's value, a sum, a bit of a field...), comes from
 * the Python side (kformat.records.fields), by field name.
 *
 * Safety is the interpreter's (native.h): every read checked against its region, every
 * count checked against the bytes left before the loop, decompression through the records
 * layer's capped function. Anything unusual (a magic 0/1 batch, bad bytes, a CRC mismatch
 * when it must raise, a value out of range) raises _native.Fallback: the caller then runs the
 * pure-Python kernel, which returns the same columns or raises the precise KFormatError.
 */
#include "native.h"

#define MAX_NODES 128
#define MAX_KIDS 256
#define MAX_REGS 48
#define MAX_COLUMNS 32
#define MAX_BLOBS 16
#define MAX_LISTS 4
#define MAX_LIST_CHILDREN 4
#define BLOB_DATA_MAX 0x7FFFFFFF /* int32 Arrow offsets */

/* ------------------------------------------------------------------- growable buffers */

/* A buffer in a bytes object, grown by doubling (_PyBytes_Resize: a realloc), shrunk to its
 * length when handed over: pyarrow wraps the bytes object without copying. */
typedef struct {
    PyObject *obj;
    Py_ssize_t len;
    Py_ssize_t cap;
} Buf;

static int
buf_reserve(Buf *b, Py_ssize_t n)
{
    if (b->cap - b->len >= n)
        return 0;
    Py_ssize_t cap = b->cap ? b->cap : 1024;
    while (cap - b->len < n) {
        if (cap > PY_SSIZE_T_MAX / 2) {
            PyErr_NoMemory();
            return -1;
        }
        cap *= 2;
    }
    if (!b->obj) {
        b->obj = PyBytes_FromStringAndSize(NULL, cap);
        if (!b->obj)
            return -1;
    }
    else if (_PyBytes_Resize(&b->obj, cap) < 0) {
        b->obj = NULL;
        b->len = b->cap = 0;
        return -1;
    }
    b->cap = cap;
    return 0;
}

static inline char *
buf_at(Buf *b)
{
    return PyBytes_AS_STRING(b->obj) + b->len;
}

static inline int
buf_put(Buf *b, const void *data, Py_ssize_t n)
{
    if (b->cap - b->len < n && buf_reserve(b, n) < 0)
        return -1;
    if (n)
        memcpy(buf_at(b), data, (size_t)n);
    b->len += n;
    return 0;
}

/* count copies of an 8- or 4-byte value (a batch's value for each of its rows) */
static int
buf_fill(Buf *b, const void *value, int width, Py_ssize_t count)
{
    if (count == 0) /* the buffer may not exist yet */
        return 0;
    if (count > PY_SSIZE_T_MAX / 8 || buf_reserve(b, width * count) < 0)
        return -1;
    char *p = buf_at(b);
    if (width == 8) {
        int64_t v;
        memcpy(&v, value, 8);
        for (Py_ssize_t i = 0; i < count; i++)
            memcpy(p + 8 * i, &v, 8);
    }
    else {
        int32_t v;
        memcpy(&v, value, 4);
        for (Py_ssize_t i = 0; i < count; i++)
            memcpy(p + 4 * i, &v, 4);
    }
    b->len += width * count;
    return 0;
}

/* The bytes (a new reference; empty bytes when nothing was written). */
static PyObject *
buf_finish(Buf *b)
{
    if (!b->obj)
        return PyBytes_FromStringAndSize(NULL, 0);
    if (b->len != b->cap && _PyBytes_Resize(&b->obj, b->len) < 0) {
        b->obj = NULL;
        return NULL;
    }
    PyObject *out = b->obj;
    b->obj = NULL;
    return out;
}

static void
buf_free(Buf *b)
{
    Py_CLEAR(b->obj);
}

/* A bitmap (Arrow validity or boolean values), least significant bit first. */
typedef struct {
    Buf buf;
    Py_ssize_t count;
    Py_ssize_t zeros;
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
        PyBytes_AS_STRING(b->buf.obj)[b->count >> 3] |= (char)(1 << (b->count & 7));
    else
        b->zeros++;
    b->count++;
    return 0;
}

static int
bits_fill(Bits *b, int set, Py_ssize_t count)
{
    for (Py_ssize_t i = 0; i < count; i++) {
        if (bits_push(b, set) < 0)
            return -1;
    }
    return 0;
}

/* A variable-size column (binary, string): int32 offsets, data, validity. */
typedef struct {
    Buf offsets;
    Buf data;
    Bits valid;
    Py_ssize_t count;
    int text; /* a string column: its values are checked as UTF-8 by the walk */
} Blob;

static int
blob_start(Blob *b)
{
    int32_t zero = 0;
    return buf_put(&b->offsets, &zero, 4);
}

static inline int
blob_push(Blob *b, const uint8_t *p, int64_t n)
{
    if (n >= 0) {
        if (n > BLOB_DATA_MAX - b->data.len)
            return fail("column larger than Arrow's int32 offsets");
        if (buf_put(&b->data, p, (Py_ssize_t)n) < 0)
            return -1;
    }
    int32_t end = (int32_t)b->data.len;
    if (buf_put(&b->offsets, &end, 4) < 0 || bits_push(&b->valid, n >= 0) < 0)
        return -1;
    b->count++;
    return 0;
}

static PyObject *
blob_finish(Blob *b)
{
    PyObject *valid = NULL;
    if (b->valid.zeros) {
        valid = buf_finish(&b->valid.buf);
        if (!valid)
            return NULL;
    }
    else
        valid = Py_NewRef(Py_None);
    PyObject *offsets = buf_finish(&b->offsets);
    PyObject *data = offsets ? buf_finish(&b->data) : NULL;
    if (!data) {
        Py_XDECREF(offsets);
        Py_DECREF(valid);
        return NULL;
    }
    return Py_BuildValue("(nnNNN)", b->count, b->valid.zeros, valid, offsets, data);
}

static void
blob_free(Blob *b)
{
    buf_free(&b->offsets);
    buf_free(&b->data);
    buf_free(&b->valid.buf);
}

/* A list of structs of variable-size fields (record headers): int32 offsets, the children. */
typedef struct {
    Buf offsets;
    Py_ssize_t count;
    int nchildren;
    Blob *children[MAX_LIST_CHILDREN];
    PyObject *names[MAX_LIST_CHILDREN]; /* the element struct's fields, borrowed */
} List;

/* ------------------------------------------------------------------- the compiled plan */

/* A plan node with its sink resolved: the tuple plan walked once per call to find which
 * register, blob or list each named field feeds. */
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
    Blob *blob;    /* BYTES, STRING: where the value goes, or NULL */
    List *list;    /* ARRAY: where the elements go, or NULL */
    PyObject *plan; /* the tuple (borrowed): CRC and COMPRESSED read their functions */
    int nkids;
    int kids;      /* index of the first child in Walker.kids */
} Node;

enum { /* output column kinds (kformat/records/arrow_native.py: KINDS) */
    COL_BLOB = 0,      /* (kind, field): a BYTES/STRING field of the row */
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
};

typedef struct {
    int kind;
    int a, b, c, d; /* registers */
    int64_t mask;
    Blob *blob;     /* COL_BLOB, COL_NAME */
    List *list;     /* COL_LIST */
    Buf data;       /* fixed-width columns */
    Bits bits;      /* boolean values */
    Bits valid;     /* COL_STAMP, COL_CRC */
    PyObject *names; /* COL_NAME: tuple of str (borrowed) */
    int per_row;     /* computed per row (from a record's fields), else once per batch */
} Column;

typedef struct {
    /* the compiled plan */
    Node nodes[MAX_NODES];
    int nnodes;
    int kids[MAX_KIDS];
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
    /* state while reading */
    int64_t regs[MAX_REGS];
    int64_t last;       /* the last number read (EXPECTED) */
    Py_ssize_t rows;
    int crc_valid;      /* 1, 0 (mismatch, flagged) or -1 (not checked) */
    int64_t position;
    int discard;        /* rows of this batch are left out (skip_control) */
    int per_row;        /* some column is computed per row */
    int flag_crc;       /* a CRC mismatch is flagged, not refused */
    int skip_reg;       /* skip rows when regs[skip_reg] & skip_mask (-1: never) */
    int64_t skip_mask;
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
    w->regs[w->nregs] = 0;
    return w->nregs++;
}

static Blob *
blob_named(Walker *w, PyObject *name, int text, int create)
{
    for (int i = 0; i < w->nblobs; i++) {
        if (same_name(w->blob_names[i], name))
            return &w->blobs[i];
    }
    if (!create || w->nblobs == MAX_BLOBS)
        return NULL;
    Blob *b = &w->blobs[w->nblobs];
    w->blob_names[w->nblobs++] = name;
    b->text = text;
    return blob_start(b) < 0 ? NULL : b;
}

static List *
list_named(Walker *w, PyObject *name)
{
    for (int i = 0; i < w->nlists; i++) {
        if (same_name(w->list_names[i], name))
            return &w->lists[i];
    }
    return NULL;
}

static int compile_node(Walker *w, PyObject *plan, PyObject *name, List *in_list, int level,
                        int depth);

static int
new_node(Walker *w, PyObject *plan)
{
    if (w->nnodes == MAX_NODES)
        return fail("plan too large for the columnar sink");
    Node *n = &w->nodes[w->nnodes];
    memset(n, 0, sizeof *n);
    n->op = (int)op_of(plan);
    n->reg = n->count_reg = -1;
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

/* Compile plan: the value of field name, inside the elements of in_list or not, at level
 * (0 in the batch, 1 in a row). */
static int
compile_node(Walker *w, PyObject *plan, PyObject *name, List *in_list, int level, int depth)
{
    if (!PyTuple_Check(plan) || PyTuple_GET_SIZE(plan) < 1 || depth > MAX_DEPTH)
        return fail("bad plan");
    int i = new_node(w, plan);
    if (i < 0)
        return -1;
    Node *n = &w->nodes[i];
    int kid;
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
        if (n->blob && n->blob->text != (n->op == OP_STRING))
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
            if ((kid = compile_node(w, PyTuple_GET_ITEM(field, 2), fname, in_list, level,
                                depth + 1)) < 0)
                return -1;
            w->kids[first + f] = kid;
        }
        return i;
    }
    case OP_PREFIXED:
        n->prefix = (int)int_at(plan, 1);
        if (add_kids(w, i, 1) < 0)
            return -1;
        if ((kid = compile_node(w, PyTuple_GET_ITEM(plan, 2), name, in_list, level,
                                depth + 1)) < 0)
            return -1;
        w->kids[w->nodes[i].kids] = kid;
        return i;
    case OP_EXPECTED: {
        int overflow;
        PyObject *value = PyTuple_GET_ITEM(plan, 2);
        long long v = PyLong_Check(value) ? PyLong_AsLongLongAndOverflow(value, &overflow) : 0;
        if (!PyLong_Check(value) || overflow || (v == -1 && PyErr_Occurred())) {
            PyErr_Clear();
            return fail("an expected value that is not a number");
        }
        n->expected = v;
        if (add_kids(w, i, 1) < 0)
            return -1;
        if ((kid = compile_node(w, PyTuple_GET_ITEM(plan, 1), name, in_list, level,
                                depth + 1)) < 0)
            return -1;
        w->kids[w->nodes[i].kids] = kid;
        return i;
    }
    case OP_CRC:
        if (add_kids(w, i, 1) < 0)
            return -1;
        if ((kid = compile_node(w, PyTuple_GET_ITEM(plan, 4), NULL, in_list, level,
                                depth + 1)) < 0)
            return -1;
        w->kids[w->nodes[i].kids] = kid;
        return i;
    case OP_COMPRESSED:
        if (in_list || (n->count_reg = reg_of(w, PyTuple_GET_ITEM(plan, 1), level)) < 0)
            return in_list ? fail("compressed inside a list") : -1;
        n->mask = int_at(plan, 2);
        if (add_kids(w, i, 1) < 0)
            return -1;
        if ((kid = compile_node(w, PyTuple_GET_ITEM(plan, 6), name, in_list, level,
                                depth + 1)) < 0)
            return -1;
        w->kids[w->nodes[i].kids] = kid;
        return i;
    case OP_COUNTED:
        if (in_list || (n->count_reg = reg_of(w, PyTuple_GET_ITEM(plan, 1), level)) < 0)
            return in_list ? fail("counted inside a list") : -1;
        n->min_size = int_at(plan, 3);
        n->rows = same_name(name, w->row_name);
        if (add_kids(w, i, 1) < 0)
            return -1;
        if ((kid = compile_node(w, PyTuple_GET_ITEM(plan, 2), NULL, NULL,
                                level + (n->rows ? 1 : 0), depth + 1)) < 0)
            return -1;
        w->kids[w->nodes[i].kids] = kid;
        return i;
    case OP_ARRAY: {
        n->prefix = (int)int_at(plan, 1);
        n->nullable = PyTuple_GET_ITEM(plan, 2) == Py_True;
        n->min_size = int_at(plan, 4);
        List *list = (name && !in_list) ? list_named(w, name) : NULL;
        n->list = list;
        if (add_kids(w, i, 1) < 0)
            return -1;
        /* an element is a struct whose blob fields feed the list's children; without a
         * list, it is read and checked only (in_list stays set: no register inside) */
        List unused = {0};
        if ((kid = compile_node(w, PyTuple_GET_ITEM(plan, 3), NULL,
                                list ? list : (in_list ? in_list : &unused), level,
                                depth + 1)) < 0)
            return -1;
        w->kids[w->nodes[i].kids] = kid;
        return i;
    }
    default:
        return fail("a node the columnar sink does not take");
    }
}

/* ------------------------------------------------------------------- the walk */

/* Strict UTF-8 (as Python's decoder: no overlong forms, no surrogates, <= U+10FFFF). */
static int
valid_utf8(const uint8_t *s, Py_ssize_t n)
{
    Py_ssize_t i = 0;
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

static int walk(Walker *w, Reader *r, const Node *n);

static inline int
walk_kid(Walker *w, Reader *r, const Node *n, int k)
{
    return walk(w, r, &w->nodes[w->kids[n->kids + k]]);
}

/* The columns computed from a record's fields, for the row just read. */
static int
emit_row(Walker *w)
{
    const int64_t *g = w->regs;
    for (int c = 0; c < w->ncolumns; c++) {
        Column *col = &w->columns[c];
        int64_t v;
        int ok = 1;
        if (!col->per_row)
            continue;
        if (col->kind == COL_SUM64) {
            if (__builtin_add_overflow(g[col->a], g[col->b], &v))
                return fail("sum out of int64 range");
            if (buf_put(&col->data, &v, 8) < 0)
                return -1;
        }
        else { /* COL_STAMP: ms since the epoch as us; null when no us count holds it */
            const int64_t limit = INT64_MAX / 1000;
            if (g[col->d] & col->mask)
                v = g[col->c];
            else if (__builtin_add_overflow(g[col->a], g[col->b], &v))
                ok = 0;
            if (ok && (v < -limit || v >= limit))
                ok = 0;
            v = ok ? v * 1000 : 0;
            if (buf_put(&col->data, &v, 8) < 0 || bits_push(&col->valid, ok) < 0)
                return -1;
        }
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
        case COL_NAME: {
            int64_t k = g[col->a] & col->mask;
            if (k < 0 || k >= PyTuple_GET_SIZE(col->names))
                return fail("no name for this value");
            Py_ssize_t size;
            const char *s = PyUnicode_AsUTF8AndSize(PyTuple_GET_ITEM(col->names, k), &size);
            if (!s)
                return -1;
            for (Py_ssize_t i = 0; i < count; i++) {
                if (blob_push(col->blob, (const uint8_t *)s, size) < 0)
                    return -1;
            }
            break;
        }
        case COL_CRC:
            if (bits_fill(&col->bits, w->crc_valid == 1, count) < 0 ||
                bits_fill(&col->valid, w->crc_valid >= 0, count) < 0)
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

static int
walk_number(Walker *w, Reader *r, const Node *n)
{
    const uint8_t *p;
    uint64_t u;
    int64_t v;
    switch (n->op) {
    case OP_INT8:
    case OP_UINT8:
    case OP_BOOL:
        if (need(r, 1) < 0)
            return -1;
        p = r->buf + r->pos++;
        v = n->op == OP_INT8 ? (int8_t)*p : n->op == OP_BOOL ? (*p != 0) : *p;
        break;
    case OP_INT16:
    case OP_UINT16:
        if (need(r, 2) < 0)
            return -1;
        p = r->buf + r->pos;
        r->pos += 2;
        v = n->op == OP_INT16 ? (int16_t)be16(p) : be16(p);
        break;
    case OP_INT32:
    case OP_UINT32:
        if (need(r, 4) < 0)
            return -1;
        p = r->buf + r->pos;
        r->pos += 4;
        v = n->op == OP_INT32 ? (int32_t)be32(p) : (int64_t)be32(p);
        break;
    case OP_INT64:
        if (need(r, 8) < 0)
            return -1;
        v = (int64_t)be64(r->buf + r->pos);
        r->pos += 8;
        break;
    case OP_UVARINT:
        if (read_uvarint(r, 5, U32_MAX, &u) < 0)
            return -1;
        v = (int64_t)u;
        break;
    case OP_VARINT:
        if (read_uvarint(r, 5, U32_MAX, &u) < 0)
            return -1;
        v = unzigzag(u);
        break;
    default: /* OP_VARLONG */
        if (read_uvarint(r, 10, UINT64_MAX, &u) < 0)
            return -1;
        v = unzigzag(u);
        break;
    }
    w->last = v;
    if (n->reg >= 0)
        w->regs[n->reg] = v;
    return 0;
}

static int
walk_blob(Walker *w, Reader *r, const Node *n)
{
    int64_t len;
    if (read_length(r, n->prefix, &len) < 0)
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
    if (n->blob && !w->discard)
        return blob_push(n->blob, p, len);
    return 0;
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
    int emit = n->rows && !w->discard && w->per_row;
    for (int64_t i = 0; i < count; i++) {
        if (walk_kid(w, r, n, 0) < 0)
            return -1;
        if (emit && emit_row(w) < 0)
            return -1;
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
    Reader inner = {plain.buf, 0, plain.len, r->depth, 0, NULL, r->verify, r->limit,
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
    switch (n->op) {
    case OP_STRING:
    case OP_BYTES:
        return walk_blob(w, r, n);
    case OP_STRUCT:
        for (int k = 0; k < n->nkids; k++) {
            if (walk_kid(w, r, n, k) < 0)
                return -1;
        }
        return 0;
    case OP_PREFIXED: {
        Py_ssize_t stop;
        if (enter_region(r, n->prefix, &stop) < 0)
            return -1;
        Reader inner = *r;
        inner.end = stop;
        if (walk_kid(w, &inner, n, 0) < 0)
            return -1;
        if (inner.pos != stop)
            return fail("region not consumed");
        r->pos = stop;
        return 0;
    }
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
    case OP_ARRAY: {
        int64_t count;
        if (read_length(r, n->prefix, &count) < 0)
            return -1;
        if (count < 0)
            return fail("null array"); /* the Python kernel decides */
        if (n->min_size > 0) {
            if (count > (r->end - r->pos) / n->min_size)
                return fail("count larger than the bytes left");
        }
        else if (count > MAX_ZERO_SIZE_ELEMENTS)
            return fail("count of zero-size elements too large");
        for (int64_t i = 0; i < count; i++) {
            if (walk_kid(w, r, n, 0) < 0)
                return -1;
        }
        if (n->list && !w->discard) {
            List *list = n->list;
            int32_t end = (int32_t)list->children[0]->count;
            if (buf_put(&list->offsets, &end, 4) < 0)
                return -1;
            list->count++;
        }
        return 0;
    }
    default:
        return walk_number(w, r, n);
    }
}

/* ------------------------------------------------------------------- set-up and results */

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
        if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) < 1)
            return fail("bad column spec");
        Column *col = &w->columns[w->ncolumns++];
        memset(col, 0, sizeof *col);
        col->kind = (int)PyLong_AsLong(PyTuple_GET_ITEM(item, 0));
        Py_ssize_t size = PyTuple_GET_SIZE(item);
        static const Py_ssize_t sizes[] = {3, 3, 2, 2, 3, 6, 3, 3, 4, 1, 1};
        if (col->kind < 0 || col->kind > COL_POSITION || size != sizes[col->kind])
            return fail("bad column spec");
        switch (col->kind) {
        case COL_BLOB: /* (kind, field, text) */
            if (!(col->blob = blob_named(w, PyTuple_GET_ITEM(item, 1),
                                         PyTuple_GET_ITEM(item, 2) == Py_True, 1)))
                return PyErr_Occurred() ? -1 : fail("too many blob columns");
            break;
        case COL_LIST: { /* (kind, field, ((name, text), ...)) */
            PyObject *children = PyTuple_GET_ITEM(item, 2);
            if (w->nlists == MAX_LISTS || !PyTuple_Check(children) ||
                PyTuple_GET_SIZE(children) < 1 ||
                PyTuple_GET_SIZE(children) > MAX_LIST_CHILDREN ||
                w->nblobs + PyTuple_GET_SIZE(children) > MAX_BLOBS)
                return fail("bad list column");
            List *list = &w->lists[w->nlists];
            w->list_names[w->nlists++] = PyTuple_GET_ITEM(item, 1);
            int32_t zero = 0;
            if (buf_put(&list->offsets, &zero, 4) < 0)
                return -1;
            for (Py_ssize_t c = 0; c < PyTuple_GET_SIZE(children); c++) {
                PyObject *child = PyTuple_GET_ITEM(children, c);
                if (!PyTuple_Check(child) || PyTuple_GET_SIZE(child) != 2)
                    return fail("bad list column");
                Blob *b = &w->blobs[w->nblobs];
                w->blob_names[w->nblobs++] = NULL; /* found through the list only */
                b->text = PyTuple_GET_ITEM(child, 1) == Py_True;
                if (blob_start(b) < 0)
                    return -1;
                list->children[c] = b;
                list->names[c] = PyTuple_GET_ITEM(child, 0);
            }
            list->nchildren = (int)PyTuple_GET_SIZE(children);
            col->list = list;
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
            col->blob = &w->blobs[w->nblobs];
            w->blob_names[w->nblobs++] = NULL;
            if (blob_start(col->blob) < 0)
                return -1;
            break;
        default:
            break;
        }
        if (PyErr_Occurred())
            return -1;
        col->per_row = col->kind == COL_SUM64 || col->kind == COL_STAMP;
        w->per_row |= col->per_row;
    }
    return 0;
}

static PyObject *
column_result(Walker *w, Column *col)
{
    PyObject *valid;
    switch (col->kind) {
    case COL_BLOB:
    case COL_NAME:
        if (col->blob->count != w->rows)
            return fail_null("a blob column without one value per row");
        return blob_finish(col->blob);
    case COL_LIST: {
        List *list = col->list;
        if (list->count != w->rows)
            return fail_null("a list column without one value per row");
        PyObject *children = PyTuple_New(list->nchildren);
        for (int c = 0; children && c < list->nchildren; c++) {
            if (list->children[c]->count != list->children[0]->count) {
                Py_CLEAR(children);
                return fail_null("list children of different lengths");
            }
            PyObject *child = blob_finish(list->children[c]);
            if (!child)
                Py_CLEAR(children);
            else
                PyTuple_SET_ITEM(children, c, child);
        }
        PyObject *offsets = children ? buf_finish(&list->offsets) : NULL;
        if (!offsets) {
            Py_XDECREF(children);
            return NULL;
        }
        return Py_BuildValue("(nNN)", list->children[0]->count, offsets, children);
    }
    case COL_BIT_BOOL:
        return Py_BuildValue("(nnON)", w->rows, (Py_ssize_t)0, Py_None,
                             buf_finish(&col->bits.buf));
    case COL_CRC:
    case COL_STAMP:
        if (col->valid.zeros) {
            if (!(valid = buf_finish(&col->valid.buf)))
                return NULL;
        }
        else
            valid = Py_NewRef(Py_None);
        return Py_BuildValue("(nnNN)", w->rows, col->valid.zeros, valid,
                             col->kind == COL_CRC ? buf_finish(&col->bits.buf)
                                                  : buf_finish(&col->data));
    default:
        return Py_BuildValue("(nnON)", w->rows, (Py_ssize_t)0, Py_None,
                             buf_finish(&col->data));
    }
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

/* One pass over back-to-back batches: each is framed (offset:INT64 length:INT32, magic at
 * byte 16) and walked with the plan. A batch of another magic is stepped over and listed in
 * others as (position, size, rows before it): the caller reads those otherwise and puts their
 * rows in place. */
static int
read_batches(Walker *w, const uint8_t *buf, Py_ssize_t len, int64_t base, int verify,
             PyObject *limit, int64_t max_size, int64_t min_length, PyObject *others)
{
    const Node *root = &w->nodes[0];
    Py_ssize_t pos = 0;
    while (pos < len) {
        if (len - pos < 17)
            return fail("a batch head cut short");
        int64_t length = (int32_t)be32(buf + pos + 8);
        int64_t size = 12 + length;
        if (buf[pos + 16] != 2) {
            if (length < 0 || size > max_size || size > len - pos)
                return fail("a batch that does not frame");
            PyObject *span = Py_BuildValue("(nLn)", pos, (long long)size, w->rows);
            int rc = span ? PyList_Append(others, span) : -1;
            Py_XDECREF(span);
            if (rc < 0)
                return -1;
            pos += (Py_ssize_t)size;
            continue;
        }
        if (length < min_length || size > max_size || size > len - pos)
            return fail("a batch that does not frame");
        Reader r = {buf, pos, pos + (Py_ssize_t)size, 0, 0, NULL, verify, limit};
        w->crc_valid = verify ? 1 : -1;
        w->position = base + pos;
        if (walk(w, &r, root) < 0)
            return -1;
        if (r.pos != pos + size)
            return fail("batch not consumed");
        pos += (Py_ssize_t)size;
    }
    return 0;
}

/* Fixed-width buffers, offsets and bitmaps sized once for the rows the batch heads announce
 * (record_count at byte 57 of a magic 2 batch; a guess only: the walk checks everything and
 * grows buffers as needed). Variable-size data grows by doubling: reserving the input's size
 * for each blob column up front measured 40% slower (large allocations, then shrinking). */
static int
presize(Walker *w, const uint8_t *buf, Py_ssize_t len)
{
    Py_ssize_t pos = 0, rows = 0;
    while (len - pos >= 61) {
        int64_t size = 12 + (int64_t)(int32_t)be32(buf + pos + 8);
        if (size < 61 || size > len - pos)
            break;
        int64_t count = (int32_t)be32(buf + pos + 57);
        if (buf[pos + 16] == 2 && count > 0 && count <= size)
            rows += (Py_ssize_t)count;
        pos += (Py_ssize_t)size;
    }
    Py_ssize_t bits = rows / 8 + 1;
    for (int i = 0; i < w->nblobs; i++) {
        Blob *b = &w->blobs[i];
        if (buf_reserve(&b->offsets, 4 * rows) < 0 || buf_reserve(&b->valid.buf, bits) < 0)
            return -1;
    }
    for (int i = 0; i < w->nlists; i++) {
        if (buf_reserve(&w->lists[i].offsets, 4 * rows) < 0)
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
                 buf_reserve(&col->data, width * rows) < 0)
            return -1;
        if ((col->kind == COL_CRC || col->kind == COL_STAMP) &&
            buf_reserve(&col->valid.buf, bits) < 0)
            return -1;
    }
    return 0;
}

/* arrow_columns(plan, data, spec, rows_field, position, verify, flag_crc, skip, limit,
 *               max_batch_size, min_length) -> (rows, columns, others) */
static PyObject *
arrow_columns(PyObject *self, PyObject *args)
{
    PyObject *plan, *spec, *row_name, *skip, *limit;
    Py_buffer view;
    long long position, max_size, min_length;
    int verify, flag_crc;
    if (!PyArg_ParseTuple(args, "O!y*O!ULppOOLL", &PyTuple_Type, &plan, &view,
                          &PyTuple_Type, &spec, &row_name, &position, &verify, &flag_crc,
                          &skip, &limit, &max_size, &min_length))
        return NULL;
    PyObject *others = PyList_New(0);
    if (!others) {
        PyBuffer_Release(&view);
        return NULL;
    }
    Walker *w = PyMem_Calloc(1, sizeof(Walker));
    if (!w) {
        PyBuffer_Release(&view);
        return PyErr_NoMemory();
    }
    PyObject *out = NULL;
    w->row_name = row_name;
    w->flag_crc = flag_crc;
    w->skip_reg = -1;
    /* skip: None, or (field, mask): the rows of a batch whose field & mask is set are
     * left out (control batches) */
    if (skip != Py_None) {
        if (!PyTuple_Check(skip) || PyTuple_GET_SIZE(skip) != 2) {
            fail("bad skip spec");
            goto done;
        }
        if ((w->skip_reg = field_reg(w, skip, 0)) < 0)
            goto done;
        w->skip_mask = PyLong_AsLongLong(PyTuple_GET_ITEM(skip, 1));
        if (PyErr_Occurred())
            goto done;
    }
    if (setup_columns(w, spec) < 0 || compile_node(w, plan, NULL, NULL, 0, 0) < 0 ||
        presize(w, (const uint8_t *)view.buf, view.len) < 0)
        goto done;
    if (read_batches(w, (const uint8_t *)view.buf, view.len, position, verify,
                     limit == Py_None ? NULL : limit, max_size, min_length, others) < 0)
        goto done;
    PyObject *columns = PyTuple_New(w->ncolumns);
    for (int c = 0; columns && c < w->ncolumns; c++) {
        PyObject *result = column_result(w, &w->columns[c]);
        if (!result)
            Py_CLEAR(columns);
        else
            PyTuple_SET_ITEM(columns, c, result);
    }
    if (columns)
        out = Py_BuildValue("(nNO)", w->rows, columns, others);
done:
    Py_DECREF(others);
    walker_free(w);
    PyMem_Free(w);
    PyBuffer_Release(&view);
    return out;
}

PyMethodDef columnar_methods[] = {
    {"arrow_columns", arrow_columns, METH_VARARGS,
     "arrow_columns(plan, data, spec, rows_field, position, verify, flag_crc, skip, limit, "
     "max_batch_size, min_length) -> (rows, columns, others): the magic 2 batches in data "
     "as Arrow buffers; others lists the batches of other magics stepped over, as "
     "(position, size, rows before) (kformat/records/arrow_native.py builds the arrays)."},
    {NULL, NULL, 0, NULL},
};
