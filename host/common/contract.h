// SPDX-License-Identifier: Apache-2.0
/* The host-bus address map every Kiln shell implements (docs/hardware-contract.md): the one place C code
 * takes these numbers from, and the source of their Verilog twin kiln_contract.vh (host/common/contract_vh.c:
 * every "#define KILN_..." line with a value becomes a localparam of the same name). */
#ifndef KILN_CONTRACT_H
#define KILN_CONTRACT_H

#define KILN_SHELL_BASE 0x00000000u  /* the shell's ID block and scratch registers */
#define KILN_IMAGE_BASE 0x00010000u  /* image space: the image's ID block, kernels, device globals */
#define KILN_DEVMEM_BASE 0x80000000u /* device memory window */

/* Shell registers (offsets in the shell block). */
#define KILN_SHELL_MAGIC 0x00u
#define KILN_SHELL_VERSION 0x04u
#define KILN_SHELL_BOARD_ID 0x08u
#define KILN_SHELL_DEVMEM_SIZE 0x0Cu
#define KILN_SHELL_CYCLE_LO 0x10u /* reading it latches CYCLE_HI */
#define KILN_SHELL_CYCLE_HI 0x14u
#define KILN_SHELL_IRQ_STATUS 0x18u
#define KILN_SHELL_SCRATCH 0x1Cu
#define KILN_SHELL_MEM_ERR 0x20u /* bit 0: the image accessed device memory out of range; bit 1: a write */
#define KILN_SHELL_MEM_ERR_ADDR 0x24u /* the address of that first out-of-range access */

#define KILN_SHELL_MAGIC_VALUE 0x4B53484Cu /* "KSHL" */
#define KILN_SHELL_VERSION_VALUE 2u        /* 2: MEM_ERR, MEM_ERR_ADDR */

/* Image space as the image's registers see it: offsets 0 .. KILN_IMAGE_SPAN-1, the first KILN_IMAGE_ID_BYTES
 * being the image's ID and interrupt block. A kernel's block starts with KILN_KERNEL_CTRL_BYTES of control
 * registers (start, cycles, ranges, offsets); its arguments follow. */
#define KILN_IMAGE_SPAN (KILN_DEVMEM_BASE - KILN_IMAGE_BASE)
#define KILN_IMAGE_ID_BYTES 0x100u
#define KILN_KERNEL_CTRL_BYTES 0x40u

/* The image's ID block (offsets in image space). */
#define KILN_IMG_MAGIC 0x00u
#define KILN_IMG_LAYOUT_VERSION 0x04u
#define KILN_IMG_HASH_LO 0x08u
#define KILN_IMG_HASH_HI 0x0Cu
#define KILN_IMG_NUM_KERNELS 0x10u
#define KILN_IMG_IRQ_STATUS 0x14u        /* bit k: kernel k finished (write 1 to clear) */
#define KILN_IMG_IRQ_ENABLE 0x18u        /* bit k: kernel k raises the interrupt */
#define KILN_IMG_MAGIC_VALUE 0x4B494C4Eu /* "KILN" */

/* A kernel's block: KILN_KERNEL_CTRL_BYTES of control registers, then argument i at
 * KILN_KERNEL_CTRL_BYTES + i * KILN_KERNEL_ARG_BYTES (low word first; a second word only for 8-byte
 * arguments), the whole rounded up to a multiple of KILN_KERNEL_PAGE. */
#define KILN_KERNEL_ARG_BYTES 0x08u
#define KILN_KERNEL_PAGE 0x100u

/* A kernel's control registers (offsets from its block's base). */
#define KILN_KERNEL_CTRL 0x00u      /* the bits below */
#define KILN_KERNEL_CTRL_START 0x1u /* write 1: begin a run */
#define KILN_KERNEL_CTRL_DONE 0x2u  /* the last run finished */
#define KILN_KERNEL_CTRL_IDLE 0x4u  /* not running */
#define KILN_KERNEL_CYCLES_LO 0x08u /* cycles of the last run */
#define KILN_KERNEL_CYCLES_HI 0x0Cu
#define KILN_KERNEL_GRANGE 0x10u /* GLOBAL_RANGE_0..2 */
#define KILN_KERNEL_LRANGE 0x1Cu /* LOCAL_RANGE_0..2 */
#define KILN_KERNEL_GOFF 0x28u   /* GLOBAL_OFFSET_0..2: added to the global id of each dimension */
/* Kernels per image: IRQ_STATUS and IRQ_ENABLE hold one bit per kernel in one 32-bit register. */
#define KILN_MAX_KERNELS 32u
/* The largest on-chip memory (local array, table, plain global) kiln-cc builds inside a kernel module; the
 * OpenCL device reports it as its local memory. */
#define KILN_ONCHIP_MEM_MAX_BYTES (1u << 20)
/* Kernel pointers are one 32-bit address space: device memory below KILN_ONCHIP_ADDR_BASE, and on-chip
 * object k (any memory of the kernel whose address is taken) at KILN_ONCHIP_ADDR_BASE + k *
 * KILN_ONCHIP_MEM_MAX_BYTES. Device memory never hands out address 0 (allocations start past the null page
 * and the debug channel: kiln_board_devmem_first), so that 0 is C's null pointer. */
#define KILN_ONCHIP_ADDR_BASE 0x80000000u
/* A function whose address is taken is the number KILN_FUNC_ADDR_BASE + 4 k, below KILN_DEBUG_BASE (never
 * data): indirect calls compare it. */
#define KILN_FUNC_ADDR_BASE 0x100u
/* Device addresses below KILN_NULL_PAGE_BYTES hold no data (C's null pointer, the function numbers): the
 * shell reports a kernel's access there as it reports one beyond device memory. */
#define KILN_NULL_PAGE_BYTES KILN_DEBUG_BASE
/* A 64-bit address whose high half is not zero lies outside the 32-bit space: kiln-cc makes it this address
 * (no device memory, no on-chip object, the null page a few KiB above), so that an access through it is
 * reported, never a wrap into another allocation. */
#define KILN_ADDR_BEYOND 0xFFFFF000u

/* The debug channel, in device memory from KILN_DEBUG_BASE up to the first allocation: what kernels printf
 * (records of a format id and its arguments, decoded by the runtime with the image's [Kiln/printf] table)
 * and how a kernel stopped itself (exit, abort, a failed assert: a site of the image's [Kiln/stops] table).
 * Its bytes are the board's (its file's debug_bytes; 0: no channel), compiled into the image, which records
 * them in its [Kiln/debug_channel] set. The runtime clears the header before each run and reads the channel
 * after it (one kernel runs at a time). */
#define KILN_DEBUG_BASE 0x1000u
#define KILN_DEBUG_USED 0x00u    /* bytes of records written */
#define KILN_DEBUG_DROPPED 0x04u /* records that did not fit */
#define KILN_DEBUG_STOP 0x08u    /* 0, or how the kernel stopped itself: the KILN_STOP_* below */
#define KILN_DEBUG_CODE 0x0Cu    /* exit's status */
#define KILN_DEBUG_SITE 0x10u    /* the stop's row of [Kiln/stops] */
/* The image's heap (malloc), which the runtime allocates in device memory and describes here before each run:
 * its device address (a multiple of KILN_HEAP_ALIGN) and its bytes; both 0 when the image has none. */
#define KILN_DEBUG_HEAP_BASE 0x14u
#define KILN_DEBUG_HEAP_SIZE 0x18u
/* The heap's own header, at its start: KILN_HEAP_FORMAT (8 bytes) is KILN_HEAP_MAGIC once the kernel C
 * library has laid the heap out (the runtime zeroes it when it allocates the heap), KILN_HEAP_HIGH (8 bytes)
 * the most bytes from the heap's start ever in use (kiln_program_heap_info). Blocks follow from
 * KILN_HEAP_BLOCKS, each an 8-byte header (its bytes, a multiple of KILN_HEAP_ALIGN, | 1 when in use) and
 * then what malloc returned, KILN_HEAP_ALIGN-aligned as glibc's. */
#define KILN_HEAP_FORMAT 0x00u
#define KILN_HEAP_HIGH 0x08u
#define KILN_HEAP_BLOCKS 0x18u
#define KILN_HEAP_ALIGN 16u
#define KILN_HEAP_MAGIC 0x5041454bu /* "KEAP" as bytes, in the word's low half */
/* The heap of an image whose kernels allocate, unless kiln-cc --heap-size or KILN_HEAP_SIZE says otherwise. */
#define KILN_HEAP_DEFAULT_BYTES 0x100000u
#define KILN_DEBUG_RECORDS 0x20u /* the first record */
#define KILN_STOP_EXIT 1u
#define KILN_STOP_ABORT 2u
#define KILN_STOP_ASSERT 3u
/* A call through a pointer that is none of the kernel's functions. */
#define KILN_STOP_BAD_CALL 4u
/* A recursive call deeper than its stack (SITE's text names the function and the depth). */
#define KILN_STOP_STACK 5u
/* kiln-cc --checks: an access outside its on-chip memory (SITE's text says which). */
#define KILN_STOP_BOUNDS 16u

/* The serial host link of real boards (docs/host-link.md): frames of a command byte, its payload and a CRC-8,
 * carried by a UART between the host's `serial` backend and the board top's bridge onto the host MMIO bus.
 * Every frame and every reply ends in a CRC-8 (polynomial KILN_LINK_CRC_POLY, initial value 0, MSB first)
 * over all its bytes before it. */
#define KILN_LINK_VERSION 1u
#define KILN_LINK_CRC_POLY 0x07u
#define KILN_LINK_SYNC 0x5Au  /* -> ACK 'K' 'L' VERSION: the link is in step */
#define KILN_LINK_READ 0x01u  /* ADDR(4) N-1(1) -> ACK DATA(4N) STATUS INDEX */
#define KILN_LINK_WRITE 0x02u /* ADDR(4) N-1(1) STRB(1) DATA(4N) -> ACK STATUS INDEX */
#define KILN_LINK_WAIT 0x03u  /* MAX_CYCLES(8) -> ACK STATUS CYCLES(8): until the interrupt or MAX_CYCLES */
#define KILN_LINK_RESET 0x04u /* -> ACK STATUS: the shell and the image are reset */
#define KILN_LINK_ACK_BIT 0x80u /* a reply's first byte: its command's byte with this bit set */
#define KILN_LINK_NAK 0xEEu     /* the whole reply to a frame whose CRC did not match: nothing was done */
#define KILN_LINK_MAX_WORDS 128u /* words of one READ or WRITE (N-1 at most 127) */
#define KILN_LINK_STATUS_OK 0u
#define KILN_LINK_STATUS_BUS_ERR 1u /* INDEX: the word the bus refused; later words were not accessed */
#define KILN_LINK_STATUS_TIMEOUT 2u /* WAIT: MAX_CYCLES passed without the interrupt */
/* A frame that stops arriving for this many byte times is dropped (no reply): a host that lost its place
 * waits that long, drains what arrives, and sends SYNC. */
#define KILN_LINK_IDLE_BYTES 1024u
/* Bytes of frames the bridge holds: a host may send frames ahead of their replies up to this many bytes. */
#define KILN_LINK_WINDOW_BYTES 2048u

#endif
