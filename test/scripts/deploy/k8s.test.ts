// The Kubernetes manifests (scripts/deploy/k8s/) cannot run here, so their command lines are
// checked instead: both files parse as Jobs, every index of the Indexed Job is a build that
// build's own parser and option check accept as shard i/N of one build into the shared volume,
// and the merge Job names exactly those N shard catalogs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { checkBuildOptions } from '../../../pipeline/build/options.js';
import { planBuild } from '../../../pipeline/build/plan.js';
import { UserError } from '../../../pipeline/runtime/errors.js';
import { parseBuildArgs } from '../../../scripts/commands/build.js';
import { parseMergeArgs } from '../../../scripts/commands/merge.js';
import { ROOT } from '../../helpers/cli.js';

const DIR = join(ROOT, 'scripts', 'deploy', 'k8s');
const INDEX = '$(JOB_COMPLETION_INDEX)';

interface Container {
  command: string[];
  args: string[];
  env?: { name: string; valueFrom?: { fieldRef?: { fieldPath: string } } }[];
  resources?: { requests?: { cpu?: string } };
  volumeMounts: { name: string; mountPath: string }[];
}
interface Job {
  apiVersion: string;
  kind: string;
  spec: {
    completionMode?: string;
    completions?: number;
    parallelism?: number;
    template: {
      spec: {
        restartPolicy: string;
        containers: Container[];
        volumes: { name: string; persistentVolumeClaim: { claimName: string } }[];
      };
    };
  };
}

function job(file: string): Job {
  const docs = readFileSync(join(DIR, file), 'utf8');
  const j = parse(docs) as Job;
  expect([j.apiVersion, j.kind]).toEqual(['batch/v1', 'Job']);
  expect(j.spec.template.spec.containers).toHaveLength(1);
  return j;
}

/** The claim mounted at a path, and the words after `dominosa` in the container's command line. */
function container(j: Job): { c: Container; claim: string; mount: string; words: string[] } {
  const c = j.spec.template.spec.containers[0];
  expect(c.command).toEqual(['node', 'dist/scripts/cli.js']);
  expect(c.volumeMounts).toHaveLength(1);
  const vol = j.spec.template.spec.volumes.find((v) => v.name === c.volumeMounts[0].name)!;
  return {
    c,
    claim: vol.persistentVolumeClaim.claimName,
    mount: c.volumeMounts[0].mountPath,
    words: c.args.map(String),
  };
}

const shards = job('shards.yaml');
const merge = job('merge.yaml');
const s = container(shards);
const m = container(merge);
const n = shards.spec.completions!;

describe('the Kubernetes manifests', () => {
  it('run the shards as an Indexed Job that restarts a failed pod (a shard resumes)', () => {
    expect(shards.spec.completionMode).toBe('Indexed');
    expect(n).toBeGreaterThan(1);
    expect(shards.spec.parallelism).toBeLessThanOrEqual(n);
    expect(shards.spec.template.spec.restartPolicy).toBe('OnFailure');
    // $(VAR) in args expands only from the container's own env.
    const env = s.c.env?.find((e) => e.name === 'JOB_COMPLETION_INDEX');
    expect(env?.valueFrom?.fieldRef?.fieldPath).toBe(
      "metadata.annotations['batch.kubernetes.io/job-completion-index']",
    );
  });

  it("give every index a command line that build's parser and checks accept as shard i/N into the shared volume", () => {
    expect(s.words[0]).toBe('build');
    const first = parseBuildArgs(s.words.slice(1).map((w) => w.replaceAll(INDEX, '0')));
    for (let i = 0; i < n; i++) {
      const o = parseBuildArgs(s.words.slice(1).map((w) => w.replaceAll(INDEX, String(i))));
      expect(() => checkBuildOptions(o)).not.toThrow();
      expect(o.shard).toEqual({ index: i, count: n });
      expect(o.db).toBe(`${s.mount}/shard-${i}.sqlite`);
      // One build: only the slice and the file differ between indices.
      expect({ ...o, shard: null, db: null }).toEqual({ ...first, shard: null, db: null });
    }
    // The worker threads are the CPUs the pod asks for; the packaged thresholds cover its sizes
    // (a new catalog's plan takes every size's cuts from them).
    expect(String(first.jobs)).toBe(s.c.resources?.requests?.cpu);
    expect(() => planBuild(null, first)).not.toThrow();
  });

  it("merge exactly those N shard catalogs, from the same volume, by merge's parser", () => {
    expect(m.words[0]).toBe('merge');
    const o = parseMergeArgs(m.words.slice(1));
    expect(m.claim).toBe(s.claim);
    expect(o.inputs).toEqual(Array.from({ length: n }, (_, i) => `${s.mount}/shard-${i}.sqlite`));
    expect(o.out.startsWith(`${m.mount}/`)).toBe(true);
    expect(o.inputs).not.toContain(o.out);
  });

  it('would catch a manifest the parsers refuse', () => {
    const bad = s.words.slice(1).map((w) => w.replaceAll(INDEX, '0'));
    expect(() => parseBuildArgs([...bad, '--per-tierr', '3'])).toThrow(UserError);
    expect(() => parseBuildArgs(bad.map((w) => w.replace(/^0\/\d+$/, `${n}/${n}`)))).toThrow(/--shard/);
    expect(() => parseMergeArgs(m.words.slice(1, 2))).toThrow(UserError);
  });
});
