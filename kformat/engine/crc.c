/* The record layer's checksums in C: CRC-32 (IEEE 802.3, zlib's: magic 0/1 messages) and
 * CRC-32C (Castagnoli: magic 2 batches), both bit-reflected (Kafka documentation, "Record
 * Batch" and "Old Message Format"). A plan's CRC node whose checksum function is one of the
 * functions defined here (_native.crc32, _native.crc32c: plan.py picks them) runs no Python.
 *
 * One algorithm for both polynomials, by carry-less multiplication on x86-64 CPUs that have
 * it (checked at run time): 64-byte blocks folded in four 128-bit lanes (PCLMULQDQ), or with
 * VPCLMULQDQ and AVX-512 in 512-bit registers, four of them on long inputs (256 bytes a step:
 * the folds' multiplications are independent chains, so the CPU overlaps them instead of
 * waiting on one), then a Barrett reduction (Intel, "Fast CRC Computation for Generic
 * Polynomials Using PCLMULQDQ Instruction", 2009). Slicing by 8 bytes otherwise and for the
 * rest. The fold constants are x^k mod P, bit-reflected and shifted left by one, for the
 * distances the folds move data (k = 8 * distance +- 32); the Barrett constant is
 * floor(x^64 / P), reflected. tests/engine/test_crc.py checks every path of both against
 * zlib and the crc32c package at every length around the steps.
 */
#include "native.h"

typedef struct {
    uint32_t poly;      /* the reflected polynomial */
    uint64_t k256[2];   /* fold by 256 bytes: x^(2048+32), x^(2048-32) */
    uint64_t k192[2];   /* by 192 bytes */
    uint64_t k128[2];   /* by 128 bytes */
    uint64_t k64[2];    /* by 64 bytes: x^(512+32), x^(512-32) */
    uint64_t k16[2];    /* by 16 bytes: x^(128+32), x^(128-32) */
    uint64_t k5;        /* x^64 */
    uint64_t barrett[2]; /* P' (33 bits), floor(x^64 / P)' */
    uint32_t table[8][256];
} CrcKind;

static CrcKind kinds[2] = {
    [KF_CRC32] = {
        .poly = 0xEDB88320u,
        .k256 = {0x011542778a, 0x01322d1430},
        .k192 = {0x01821d8bc0, 0x012e958ac4},
        .k128 = {0x01e88ef372, 0x014a7fe880},
        .k64 = {0x0154442bd4, 0x01c6e41596},
        .k16 = {0x01751997d0, 0x00ccaa009e},
        .k5 = 0x0163cd6124,
        .barrett = {0x01db710641, 0x01f7011641},
    },
    [KF_CRC32C] = {
        .poly = 0x82F63B78u,
        .k256 = {0x00dcb17aa4, 0x00b9e02b86},
        .k192 = {0x00a87ab8a8, 0x00ab7aff2a},
        .k128 = {0x006992cea2, 0x000d3b6092},
        .k64 = {0x00740eef02, 0x009e4addf8},
        .k16 = {0x00f20c0dfe, 0x014cd00bd6},
        .k5 = 0x00dd45aab8,
        .barrett = {0x0105ec76f1, 0x00dea713f1},
    },
};

static PyObject *functions[2]; /* _native.crc32, _native.crc32c */

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define KF_CLMUL 1
#include <immintrin.h>
static int have_clmul;  /* the CPU has PCLMULQDQ and SSE4.1 (kf_crc_ready) */
static int have_vclmul; /* and VPCLMULQDQ with AVX-512 (F, VL): 512-bit folds */
#endif

static void
table_init(CrcKind *k)
{
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int b = 0; b < 8; b++)
            c = (c & 1) ? k->poly ^ (c >> 1) : c >> 1;
        k->table[0][i] = c;
    }
    for (int t = 1; t < 8; t++) {
        for (int i = 0; i < 256; i++)
            k->table[t][i] = (k->table[t - 1][i] >> 8) ^ k->table[0][k->table[t - 1][i] & 0xFF];
    }
}

static inline uint32_t
le32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) |
           ((uint32_t)p[3] << 24);
}

/* c (the running state, not inverted) over p[0:n] by the tables. */
static uint32_t
crc_table(const CrcKind *k, const uint8_t *p, Py_ssize_t n, uint32_t c)
{
    for (; n >= 8; p += 8, n -= 8) {
        uint32_t lo = c ^ le32(p), hi = le32(p + 4);
        c = k->table[7][lo & 0xFF] ^ k->table[6][(lo >> 8) & 0xFF] ^
            k->table[5][(lo >> 16) & 0xFF] ^ k->table[4][lo >> 24] ^
            k->table[3][hi & 0xFF] ^ k->table[2][(hi >> 8) & 0xFF] ^
            k->table[1][(hi >> 16) & 0xFF] ^ k->table[0][hi >> 24];
    }
    for (; n > 0; p++, n--)
        c = k->table[0][(c ^ *p) & 0xFF] ^ (c >> 8);
    return c;
}

#ifdef KF_CLMUL

#define CLMUL_TARGET __attribute__((target("pclmul,sse4.1")))
#define VCLMUL_TARGET __attribute__((target("avx512f,avx512vl,vpclmulqdq,pclmul,sse4.1")))

static inline CLMUL_TARGET __m128i
pair(const uint64_t k[2])
{
    return _mm_set_epi64x((long long)k[1], (long long)k[0]);
}

/* x folded forward by the distance of k (its low half times k[0], its high half times
 * k[1]), xor-ed with data. */
static inline CLMUL_TARGET __m128i
fold16(__m128i x, __m128i k, __m128i data)
{
    return _mm_xor_si128(_mm_xor_si128(_mm_clmulepi64_si128(x, k, 0x00),
                                       _mm_clmulepi64_si128(x, k, 0x11)), data);
}

/* The end of a fold: four 128-bit lanes (64 bytes) folded into one, the rest of p[0:n] (a
 * multiple of 16) 16 bytes at a time, then 128 bits to 64 and a Barrett reduction to 32:
 * the state (not inverted). Inlined: in crc_vclmul it is VEX-encoded and followed by the
 * compiler's vzeroupper (a call into SSE code would leave the registers' upper halves in
 * use, and every SSE instruction after it, this process's, merging into them). */
static inline __attribute__((always_inline)) CLMUL_TARGET uint32_t
clmul_tail(const CrcKind *k, __m128i x1, __m128i x2, __m128i x3, __m128i x4, const uint8_t *p,
           Py_ssize_t n)
{
    const __m128i k16 = pair(k->k16);
    const __m128i k5 = _mm_set_epi64x(0, (long long)k->k5);
    const __m128i poly = pair(k->barrett);
    const __m128i mask = _mm_setr_epi32(~0, 0, ~0, 0);
    x1 = fold16(x1, k16, x2);
    x1 = fold16(x1, k16, x3);
    x1 = fold16(x1, k16, x4);
    for (; n >= 16; p += 16, n -= 16)
        x1 = fold16(x1, k16, _mm_loadu_si128((const __m128i *)p));
    __m128i x5 = _mm_clmulepi64_si128(x1, k16, 0x10);
    x1 = _mm_xor_si128(_mm_srli_si128(x1, 8), x5);
    x5 = _mm_srli_si128(x1, 4);
    x1 = _mm_and_si128(x1, mask);
    x1 = _mm_xor_si128(_mm_clmulepi64_si128(x1, k5, 0x00), x5);
    x5 = _mm_and_si128(x1, mask);
    x5 = _mm_clmulepi64_si128(x5, poly, 0x10);
    x5 = _mm_and_si128(x5, mask);
    x5 = _mm_clmulepi64_si128(x5, poly, 0x00);
    x1 = _mm_xor_si128(x1, x5);
    return (uint32_t)_mm_extract_epi32(x1, 1);
}

/* The state c over p[0:n] (n >= 64, a multiple of 16): four 128-bit lanes folded by 64
 * bytes. */
static CLMUL_TARGET uint32_t
crc_clmul(const CrcKind *k, const uint8_t *p, Py_ssize_t n, uint32_t c)
{
    const __m128i k64 = pair(k->k64);
    __m128i x1 = _mm_loadu_si128((const __m128i *)(p + 0x00));
    __m128i x2 = _mm_loadu_si128((const __m128i *)(p + 0x10));
    __m128i x3 = _mm_loadu_si128((const __m128i *)(p + 0x20));
    __m128i x4 = _mm_loadu_si128((const __m128i *)(p + 0x30));
    x1 = _mm_xor_si128(x1, _mm_cvtsi32_si128((int)c));
    for (p += 64, n -= 64; n >= 64; p += 64, n -= 64) {
        x1 = fold16(x1, k64, _mm_loadu_si128((const __m128i *)(p + 0x00)));
        x2 = fold16(x2, k64, _mm_loadu_si128((const __m128i *)(p + 0x10)));
        x3 = fold16(x3, k64, _mm_loadu_si128((const __m128i *)(p + 0x20)));
        x4 = fold16(x4, k64, _mm_loadu_si128((const __m128i *)(p + 0x30)));
    }
    return clmul_tail(k, x1, x2, x3, x4, p, n);
}

static inline VCLMUL_TARGET __m512i
wide_pair(const uint64_t k[2])
{
    return _mm512_broadcast_i32x4(_mm_set_epi64x((long long)k[1], (long long)k[0]));
}

/* The four lanes of x folded forward by the distance of k, xor-ed with data. */
static inline VCLMUL_TARGET __m512i
fold64(__m512i x, __m512i k, __m512i data)
{
    return _mm512_ternarylogic_epi64(_mm512_clmulepi64_epi128(x, k, 0x00),
                                     _mm512_clmulepi64_epi128(x, k, 0x11), data, 0x96);
}

/* crc_clmul in 512-bit registers: below 256 bytes one register folded by 64 bytes; from 256,
 * four registers folded by 256 bytes (independent chains), then folded into one. */
static VCLMUL_TARGET uint32_t
crc_vclmul(const CrcKind *k, const uint8_t *p, Py_ssize_t n, uint32_t c)
{
    const __m512i k64 = wide_pair(k->k64);
    __m512i x = _mm512_loadu_si512((const void *)p);
    x = _mm512_xor_si512(x, _mm512_zextsi128_si512(_mm_cvtsi32_si128((int)c)));
    if (n >= 256) {
        const __m512i k256 = wide_pair(k->k256);
        __m512i y = _mm512_loadu_si512((const void *)(p + 64));
        __m512i z = _mm512_loadu_si512((const void *)(p + 128));
        __m512i w = _mm512_loadu_si512((const void *)(p + 192));
        for (p += 256, n -= 256; n >= 256; p += 256, n -= 256) {
            x = fold64(x, k256, _mm512_loadu_si512((const void *)p));
            y = fold64(y, k256, _mm512_loadu_si512((const void *)(p + 64)));
            z = fold64(z, k256, _mm512_loadu_si512((const void *)(p + 128)));
            w = fold64(w, k256, _mm512_loadu_si512((const void *)(p + 192)));
        }
        x = fold64(x, wide_pair(k->k192), w);
        x = fold64(y, wide_pair(k->k128), x);
        x = fold64(z, k64, x);
    }
    else {
        p += 64;
        n -= 64;
    }
    for (; n >= 64; p += 64, n -= 64)
        x = fold64(x, k64, _mm512_loadu_si512((const void *)p));
    return clmul_tail(k, _mm512_extracti32x4_epi32(x, 0), _mm512_extracti32x4_epi32(x, 1),
                      _mm512_extracti32x4_epi32(x, 2), _mm512_extracti32x4_epi32(x, 3), p, n);
}
#endif

/* The CRC of p[0:n] by the fastest way up to `level` the CPU has: 0 the tables, 1 PCLMULQDQ,
 * 2 VPCLMULQDQ; *ran, when given, gets the level run. */
static uint32_t
crc_level(const CrcKind *k, const uint8_t *p, Py_ssize_t n, int level, int *ran)
{
    uint32_t c = 0xFFFFFFFFu;
    int used = 0;
#ifdef KF_CLMUL
    if (level >= 1 && have_clmul && n >= 64) {
        Py_ssize_t bulk = n & ~(Py_ssize_t)15;
        used = level >= 2 && have_vclmul ? 2 : 1;
        c = used == 2 ? crc_vclmul(k, p, bulk, c) : crc_clmul(k, p, bulk, c);
        p += bulk;
        n -= bulk;
    }
    else if (level >= 1 && have_clmul)
        used = level >= 2 && have_vclmul ? 2 : 1; /* too short: the tables run */
#endif
    if (ran)
        *ran = used;
    return crc_table(k, p, n, c) ^ 0xFFFFFFFFu;
}

uint32_t
kf_crc(int algorithm, const void *data, Py_ssize_t n)
{
    return crc_level(&kinds[algorithm], (const uint8_t *)data, n, 2, NULL);
}

int
kf_crc_algorithm(PyObject *function)
{
    if (!function)
        return -1;
    return function == functions[KF_CRC32] ? KF_CRC32
           : function == functions[KF_CRC32C] ? KF_CRC32C : -1;
}

static PyObject *
crc_of(PyObject *arg, int algorithm)
{
    Py_buffer view;
    if (PyObject_GetBuffer(arg, &view, PyBUF_SIMPLE) < 0)
        return NULL;
    uint32_t crc = kf_crc(algorithm, view.buf, view.len);
    PyBuffer_Release(&view);
    return PyLong_FromUnsignedLong(crc);
}

static PyObject *
native_crc32(PyObject *self, PyObject *arg)
{
    return crc_of(arg, KF_CRC32);
}

static PyObject *
native_crc32c(PyObject *self, PyObject *arg)
{
    return crc_of(arg, KF_CRC32C);
}

/* _native._crc32_at(data, level, castagnoli=False) -> (crc, level run): one level of
 * crc_level, for the tests. */
static PyObject *
native_crc32_at(PyObject *self, PyObject *args)
{
    Py_buffer view;
    int level, castagnoli = 0;
    if (!PyArg_ParseTuple(args, "y*i|p", &view, &level, &castagnoli))
        return NULL;
    int ran;
    uint32_t crc = crc_level(&kinds[castagnoli ? KF_CRC32C : KF_CRC32],
                             (const uint8_t *)view.buf, view.len, level, &ran);
    PyBuffer_Release(&view);
    return Py_BuildValue("(ki)", (unsigned long)crc, ran);
}

static PyMethodDef crc_methods[] = {
    {"_crc32_at", native_crc32_at, METH_VARARGS,
     "_crc32_at(data, level, castagnoli=False) -> (crc, level run): CRC-32 (CRC-32C when "
     "castagnoli) by the tables (0), PCLMULQDQ (1) or VPCLMULQDQ (2), the best the CPU has "
     "up to level (for the tests)."},
    {"crc32", native_crc32, METH_O,
     "crc32(data) -> int: CRC-32 (IEEE 802.3, as zlib.crc32) of a bytes-like object."},
    {"crc32c", native_crc32c, METH_O,
     "crc32c(data) -> int: CRC-32C (Castagnoli, as crc32c.crc32c) of a bytes-like object."},
    {NULL},
};

int
kf_crc_ready(PyObject *module)
{
    table_init(&kinds[KF_CRC32]);
    table_init(&kinds[KF_CRC32C]);
#ifdef KF_CLMUL
    __builtin_cpu_init();
    have_clmul = __builtin_cpu_supports("pclmul") && __builtin_cpu_supports("sse4.1");
    have_vclmul = have_clmul && __builtin_cpu_supports("vpclmulqdq") &&
                  __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl");
#endif
    if (PyModule_AddFunctions(module, crc_methods) < 0)
        return -1;
    Py_CLEAR(functions[KF_CRC32]);
    Py_CLEAR(functions[KF_CRC32C]);
    functions[KF_CRC32] = PyObject_GetAttrString(module, "crc32");
    functions[KF_CRC32C] = PyObject_GetAttrString(module, "crc32c");
    return functions[KF_CRC32] && functions[KF_CRC32C] ? 0 : -1;
}
