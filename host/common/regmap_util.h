// SPDX-License-Identifier: Apache-2.0
/* Helpers shared by the register-map model (regmap.c) and its exporters (regmap_export.c). Internal to
 * host/common. */
#ifndef KILN_REGMAP_UTIL_H
#define KILN_REGMAP_UTIL_H
#include "host/common/regmap.h"
#include "host/common/strbuf.h"
#include "host/common/text_escape.h"

/* In-place mask of a field: WIDTH ones shifted left by LSB (the field must fit 32 bits). */
uint32_t kiln_field_mask(const kiln_field *f);

#endif
