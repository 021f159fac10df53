// SPDX-License-Identifier: Apache-2.0
/* After a kernel source fails to compile: names in KILN_DEVICE_GLOBAL's properties that look like Kiln's
 * macros (KILN_...) but that kiln/device.h does not define, each with the nearest one it does. A misspelt
 * property such as KILN_HOST_ACCES_READ leaves clang to report only a run of "expected ')'" inside the
 * KILN_DEVICE_GLOBAL expansion. */
#ifndef KILN_MACRO_HINT_H
#define KILN_MACRO_HINT_H

/* Notes, at their lines in SOURCE (reported as SHOWN), the KILN_ names in KILN_DEVICE_GLOBAL's arguments
 * that HEADER (kiln/device.h) does not define. The number of notes. */
int macro_hint(const char *source, const char *shown, const char *header);

#endif
