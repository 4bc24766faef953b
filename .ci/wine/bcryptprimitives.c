/*
 * bcryptprimitives.dll for Wine 8, which lacks it. The Go runtime (1.24+)
 * calls ProcessPrng from this DLL at start on Windows and dies without it
 * ("bcryptprimitives.dll not found"). Windows 10 and later ship the real
 * one; this stand-in exists only so `make test-windows` can run Go test
 * binaries under Debian 12's wine64. It answers ProcessPrng with the
 * system RNG through BCryptGenRandom, which Wine has.
 *
 * Built by .ci/wine/prefix.sh with x86_64-w64-mingw32-gcc.
 */
#include <windows.h>
#include <bcrypt.h>

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len)
{
    while (len > 0) {
        ULONG n = len > 0x40000000 ? 0x40000000 : (ULONG)len;
        if (BCryptGenRandom(NULL, data, n, BCRYPT_USE_SYSTEM_PREFERRED_RNG) != 0)
            return FALSE;
        data += n;
        len -= n;
    }
    return TRUE;
}
