// SPDX-License-Identifier: Apache-2.0
/* kiln test --slurm: the manifest run as a Slurm job array, one shard (--shard K/N) per array task, each a
 * kiln test of its own writing JSON results into the session folder (a filesystem the cluster shares); once
 * sbatch --wait returns, the shards' results are merged into one report of the same form as a local run's. */
#ifndef KILN_REGRESS_SLURM_H
#define KILN_REGRESS_SLURM_H
#include "host/regress/manifest.h"
#include "host/regress/report.h"
#include "host/regress/session.h"

typedef struct kreg_slurm {
	int tasks;               /* array tasks, one shard each */
	const char *const *args; /* further sbatch options (--partition=..., --time=...) */
	int nargs;
} kreg_slurm;

/* Runs MANIFEST (the file M was read from) on Slurm per O and S; fills *RESULTS (*N entries, in manifest
 * order) and *TOTALS as kreg_session_run does, a shard that wrote nothing giving its tests as infrastructure
 * failures; -1 with a message on stderr when the job array cannot be submitted. */
int kreg_slurm_run(const char *manifest, const kreg_manifest *m, const kreg_options *o, const kreg_slurm *s,
                   kreg_result **results, int *n, kreg_totals *totals);

#endif
