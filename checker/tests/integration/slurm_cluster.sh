# SPDX-License-Identifier: MIT
# Sourced: start_loopback_cluster WORK starts a one-node Slurm cluster on 127.0.0.1 (munged,
# slurmctld, slurmd, each with its own state, spool, socket and ports under WORK), exports
# SLURM_CONF, and tears it down when the calling script exits. The caller defines skip (exit 77
# with a reason) and may add to `pids`. Used by slurm_loopback.sh and tools/slurm-compare.sh.
start_loopback_cluster() {
  local work=$1
  rm -rf "$work"
  mkdir -p "$work"/{state,spool,munge,subs}
  chmod 700 "$work/munge"
  node=$(hostname -s)
  pids=()
  teardown() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
    sleep 1
    for pid in "${pids[@]}"; do kill -9 "$pid" 2>/dev/null; done
  }
  trap teardown EXIT

  # Munge: a key and a socket of our own, so that a machine's own munged (if any) is left alone.
  dd if=/dev/urandom of="$work/munge/munge.key" bs=1024 count=1 2>/dev/null
  chmod 400 "$work/munge/munge.key"
  munged --force --socket="$work/munge/munge.sock" --key-file="$work/munge/munge.key" \
    --pid-file="$work/munge/munged.pid" --log-file="$work/munge/munged.log" \
    --seed-file="$work/munge/munged.seed" || skip "munged did not start: $(cat "$work/munge/munged.log" 2>/dev/null)"
  pids+=("$(cat "$work/munge/munged.pid")")

  cpus=$(nproc)
  export SLURM_CONF=$work/slurm.conf
  cat >"$SLURM_CONF" <<CONF
ClusterName=gpucheck-loopback
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=16917
SlurmdPort=16918
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$work/munge/munge.sock
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=loopback Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF
  slurmctld -i -D >"$work/slurmctld.out" 2>&1 &
  pids+=($!)
  slurmd -D -N "$node" >"$work/slurmd.out" 2>&1 &
  pids+=($!)
  for _ in $(seq 60); do
    [ "$(sinfo -h -n "$node" -o %t 2>/dev/null)" = idle ] && break
    sleep 1
  done
  if [ "$(sinfo -h -n "$node" -o %t 2>/dev/null)" != idle ]; then
    tail -n 20 "$work"/slurmctld.out "$work"/slurmd.out "$work"/slurmctld.log "$work"/slurmd.log
    echo "slurm_loopback.sh: the node $node did not become idle within 60 s (logs above)" >&2
    exit 1
  fi
  echo "Slurm cluster up: node $node, $cpus CPU(s), SLURM_CONF=$SLURM_CONF"
}
