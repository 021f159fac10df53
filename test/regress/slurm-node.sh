#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# A single-node Slurm of its own (Debian's munged, slurmctld, slurmd) in folder DIR, on two free ports, for
# kiln test --slurm's test and benchmark:
#   slurm-node.sh start DIR   prints the SLURM_CONF to use; exit 3 with why on stderr when Slurm cannot start
#   slurm-node.sh stop DIR    stops the daemons (DIR stays)
set -u
cmd=$1 tmp=$2
if [ "$cmd" = stop ]; then
	for f in slurmd slurmctld munge/munged; do
		[ -f "$tmp/$f.pid" ] && kill "$(cat "$tmp/$f.pid")" 2>/dev/null
	done
	sleep 0.5
	exit 0
fi
skip() {
	echo "$1" >&2
	sh "$0" stop "$tmp"
	exit 3
}
for t in munged slurmctld slurmd sbatch; do
	command -v $t >/dev/null 2>&1 || [ -x "/usr/sbin/$t" ] || skip "no $t (scripts/install-deps installs slurmd, slurmctld, slurm-client and munge as root)"
done
[ "$(id -u)" = 0 ] || skip "slurmd must run as root to start jobs"
PATH="$PATH:/usr/sbin"

# munge: a key and socket of this test's own
# (munged wants every folder above its socket searchable by all; the key stays in a private one)
chmod 755 "$tmp"
mkdir -p "$tmp/munge" "$tmp/key" "$tmp/spool" "$tmp/state"
chmod 755 "$tmp/munge"
chmod 700 "$tmp/key"
dd if=/dev/urandom of="$tmp/key/munge.key" bs=1024 count=1 2>/dev/null
chmod 400 "$tmp/key/munge.key"
munged --key-file="$tmp/key/munge.key" --socket="$tmp/munge/munge.sock" --pid-file="$tmp/munge/munged.pid" \
	--log-file="$tmp/munge/munged.log" --seed-file="$tmp/munge/seed" 2>"$tmp/munged.err" ||
	skip "munged did not start: $(head -c 200 "$tmp/munged.err")"

# ports of its own, free now
port=$(python3 -c 'import socket
for p in range(16800, 17800, 2):
    try:
        for q in (p, p + 1):
            s = socket.socket(); s.bind(("", q)); s.close()
        print(p); break
    except OSError: pass')
[ -n "$port" ] || skip "no two free ports in 16800-17800"
host=$(hostname -s)
cpus=$(nproc)
cat >"$tmp/slurm.conf" <<CONF
ClusterName=kilntest
SlurmctldHost=$host
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$tmp/munge/munge.sock
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SlurmUser=root
SlurmdUser=root
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmdSpoolDir=$tmp/spool
StateSaveLocation=$tmp/state
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
NodeName=$host CPUs=$cpus State=UNKNOWN
PartitionName=kiln Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$tmp/slurm.conf"
slurmctld -f "$SLURM_CONF" 2>"$tmp/ctld.err" || skip "slurmctld did not start: $(head -c 200 "$tmp/ctld.err")"
slurmd -f "$SLURM_CONF" 2>"$tmp/d.err" || skip "slurmd did not start: $(head -c 200 "$tmp/d.err")"
n=0
until sinfo -h -o %T 2>/dev/null | grep -q idle; do
	n=$((n + 1))
	[ $n -gt 100 ] && skip "the node never became idle: $(tail -c 300 "$tmp/slurmd.log")"
	sleep 0.2
done
echo "$SLURM_CONF"
