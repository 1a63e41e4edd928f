/* processprng.c - for testing kyodai.exe under Wine only; never shipped.
 *
 * Rust's standard library on x86_64-pc-windows-gnu imports ProcessPrng from
 * bcryptprimitives.dll (Windows 10 and later; it seeds HashMap keys). Wine 8,
 * Debian 12's, does not export it, so kyodai.exe does not start there. This
 * DLL, put beside the exe with WINEDLLOVERRIDES=bcryptprimitives=n, gives
 * it ProcessPrng on top of RtlGenRandom (advapi32's SystemFunction036),
 * which Wine has. scripts/check-release.sh builds it with mingw-w64. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
