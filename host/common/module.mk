# (owned by the host/common work)
