/*
 * loopls test set-up: a do-nothing miniaudio.h for building the real Ollama.
 *
 * `go install github.com/ollama/ollama@VERSION` compiles llama.cpp's
 * tools/mtmd/mtmd-helper.cpp, which includes miniaudio.h from llama.cpp's
 * vendor/ folder. The Go module zip does not ship that folder and Debian does
 * not package miniaudio, so setup.sh puts this directory on CGO_CPPFLAGS.
 *
 * Only audio decoding uses it. Here every decoder fails to open, so an audio
 * input is refused; text (all the tests use) is untouched.
 */
#ifndef LOOPLS_MINIAUDIO_STANDIN_H
#define LOOPLS_MINIAUDIO_STANDIN_H

#include <stddef.h>

typedef int ma_result;
typedef unsigned int ma_uint32;
typedef unsigned long long ma_uint64;

enum { MA_SUCCESS = 0, MA_ERROR = -1 };

typedef enum { ma_format_unknown = 0, ma_format_f32 = 5 } ma_format;

typedef struct {
    ma_format format;
    ma_uint32 channels;
    ma_uint32 sampleRate;
} ma_decoder_config;

typedef struct {
    char opened; /* never set: nothing can be opened */
} ma_decoder;

static inline ma_decoder_config ma_decoder_config_init(ma_format format, ma_uint32 channels, ma_uint32 rate) {
    ma_decoder_config cfg = { format, channels, rate };
    return cfg;
}

static inline ma_result ma_decoder_init_memory(const void *data, size_t size, const ma_decoder_config *cfg, ma_decoder *dec) {
    (void)data; (void)size; (void)cfg;
    if (dec) dec->opened = 0;
    return MA_ERROR;
}

static inline ma_result ma_decoder_get_length_in_pcm_frames(ma_decoder *dec, ma_uint64 *frames) {
    (void)dec;
    if (frames) *frames = 0;
    return MA_ERROR;
}

static inline ma_result ma_decoder_read_pcm_frames(ma_decoder *dec, void *out, ma_uint64 want, ma_uint64 *got) {
    (void)dec; (void)out; (void)want;
    if (got) *got = 0;
    return MA_ERROR;
}

static inline ma_result ma_decoder_uninit(ma_decoder *dec) {
    (void)dec;
    return MA_SUCCESS;
}

#endif
