# (owned by the bsp/sim work)
