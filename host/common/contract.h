/* The host-bus address map every Kiln shell implements (docs/hardware-contract.md): the one place C code
 * takes these numbers from. */
#ifndef KILN_CONTRACT_H
#define KILN_CONTRACT_H

#define KILN_SHELL_BASE 0x00000000u  /* the shell's ID block and scratch registers */
#define KILN_IMAGE_BASE 0x00010000u  /* image space: the image's ID block, kernels, device globals */
#define KILN_DEVMEM_BASE 0x80000000u /* device memory window */

#endif
