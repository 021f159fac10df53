rtl/kiln_icebreaker_top.v
rtl/kiln_ice40_spram_mem.v
../common/rtl/kiln_shell.v
../common/rtl/kiln_skid.v
../common/rtl/kiln_board_reset.v
../common/rtl/kiln_uart_bridge.v
../common/rtl/kiln_uart_rx.v
../common/rtl/kiln_uart_tx.v
