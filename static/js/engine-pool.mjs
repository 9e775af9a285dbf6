/* The engine's pool of Web Workers: jobs in, answers out, the page's thread never held.

   index.html loads this module; it only defines window.backgammonPool. The page's Python
   (game/web/pool.py) starts it once the page is playable, sends it jobs (a kind and JSON
   text, game/bot/jobs.py) and awaits their answers (JSON text). Each worker is
   static/js/engine-worker.mjs, a plain module worker with its own Pyodide.

   - size: navigator.hardwareConcurrency minus one for the page (at least one), at most
     MAX_WORKERS, and within a memory budget: BUDGET_SHARE of navigator.deviceMemory
     (where the browser tells it) at WORKER_MB each; ?workers=N in the page's address
     sets it (0: no pool, the work runs on the page as before).
     The first worker starts alone, the others once it is ready.
   - a worker that dies (an error event, or kill() below) is replaced and its job sent
     again, to another worker or to the new one;
   - a worker that holds one job longer than stuckMs (STUCK_MS: far beyond the longest
     piece of work the app sends) is ended and replaced the same way; a job that stalls a
     second worker too is refused ("stuck"), and the page runs it itself;
   - cancel(tag) drops the jobs of that tag: those waiting never run, the answers of
     those running are dropped (the caller is told "cancelled" at once);
   - where Workers are missing or none starts, state is "failed" and every job is
     refused: the page runs it itself, sliced, as it did before the pool.

   <html data-pool> tells the state (off, starting, ready, failed), data-pool-workers how
   many are ready, data-pool-answers how many answers came from workers.
*/

const WORKER_URL = new URL("./engine-worker.mjs", import.meta.url);
export const MAX_WORKERS = 4;
// what one worker is reckoned to take (docs/workers.md: its wasm heap measured 36 MB after the
// nets and a job; its compiled runtime and JavaScript heap on top)
export const WORKER_MB = 96;
// the share of the device's memory the pool may take: a 2 GB phone gives it 256 MB, two workers
export const BUDGET_SHARE = 0.125;
// a job still running after this long has stalled its worker (the longest the app sends, a master's
// move or a deep review's decision, takes seconds); how often the pool looks
export const STUCK_MS = 120000;
const LOOK_MS = 1000;

// read as the page loads: the page drops its address's query once it has read it
const ASKED = new URLSearchParams(location.search).get("workers");

export function poolSize(nav = navigator, asked = ASKED) {
  if (asked !== null && /^\d+$/.test(asked)) return Math.min(Number(asked), MAX_WORKERS);
  const cores = Math.max(1, (nav.hardwareConcurrency || 2) - 1);
  const gb = nav.deviceMemory;
  const byMemory = gb ? Math.max(1, Math.floor((gb * 1024 * BUDGET_SHARE) / WORKER_MB)) : MAX_WORKERS;
  return Math.max(1, Math.min(cores, byMemory, MAX_WORKERS));
}

const mark = (name, value) => { document.documentElement.dataset[name] = String(value); };

class EnginePool {
  constructor() {
    this.size = 0;
    this.state = "off";
    this.workers = [];     // {worker, ready, job, memory, startMs}
    this.queue = [];       // jobs waiting: {id, kind, args, tag, resolve, reject}
    this.nextId = 1;
    this.answers = 0;
    this.restarts = 0;
    this.failures = 0;
    this.stuck = 0;
    this.stuckMs = STUCK_MS;
    this.watch = null;
    this.asked = ASKED !== null;   // the address asked for a size: start as soon as the page is playable
  }

  /* Start the workers (once); size: poolSize() unless given. Returns the size. */
  start(size) {
    if (this.state !== "off") return this.size;
    this.size = size === undefined || size === null ? poolSize() : size;
    if (this.size < 1 || typeof Worker !== "function") {
      this.state = "failed";
      mark("pool", this.size < 1 ? "off" : "failed");
      return 0;
    }
    this.state = "starting";
    mark("pool", "starting");
    this.watch = setInterval(() => this.look(), LOOK_MS);
    // one first: it is ready sooner alone (each start compiles the runtime), the others follow
    this.workers.push(this.spawn());
    return this.size;
  }

  spawn() {
    const slot = { worker: null, ready: false, job: null, memory: null, startMs: null };
    let worker;
    try {
      worker = new Worker(WORKER_URL, { type: "module", name: "backgammon-engine" });
    } catch (error) {
      console.warn("engine worker:", error);
      queueMicrotask(() => this.failed(slot));
      return slot;
    }
    slot.worker = worker;
    worker.onmessage = (event) => this.heard(slot, event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      console.warn("engine worker died:", event.message);
      if (slot.ready) this.replace(slot); else this.failed(slot);
    };
    return slot;
  }

  heard(slot, data) {
    if (data.type === "ready") {
      slot.ready = true;
      slot.memory = data.memory;
      slot.startMs = data.startMs;
      if (this.state !== "ready") performance.mark("backgammon:pool-ready");
      this.state = "ready";
      mark("pool", "ready");
      while (this.workers.length + this.failures < this.size) this.workers.push(this.spawn());
      mark("poolWorkers", this.workers.filter((w) => w.ready).length);
      this.pump();
      return;
    }
    if (data.type === "failed") {
      console.warn("engine worker could not start:", data.error);
      this.failed(slot);
      return;
    }
    const job = slot.job;
    if (job === null || job.id !== data.id) return;
    slot.job = null;
    if (data.memory) slot.memory = data.memory;
    if (!job.cancelled) {
      if (data.error !== undefined) job.reject(new Error(data.error));
      else {
        this.answers += 1;
        mark("poolAnswers", this.answers);
        job.resolve(data.result);
      }
    }
    this.pump();
  }

  /* A worker that never started: without any worker left, the pool has failed. */
  failed(slot) {
    if (slot.worker) slot.worker.terminate();
    this.workers = this.workers.filter((w) => w !== slot);
    this.failures += 1;
    if (slot.job) this.queue.unshift(slot.job);
    if (this.workers.length === 0) {
      this.state = "failed";
      mark("pool", "failed");
      for (const job of this.queue.splice(0)) job.reject(new Error("unavailable"));
    }
  }

  /* A worker that died: a new one in its place, its job sent again. */
  replace(slot) {
    if (slot.worker) slot.worker.terminate();
    const at = this.workers.indexOf(slot);
    if (at < 0) return;
    this.restarts += 1;
    const job = slot.job;
    slot.job = null;
    if (job && !job.cancelled) this.queue.unshift(job);
    this.workers[at] = this.spawn();
    mark("poolWorkers", this.workers.filter((w) => w.ready).length);
    mark("poolRestarts", this.restarts);
    this.pump();
  }

  pump() {
    for (const slot of this.workers) {
      if (!slot.ready || slot.job !== null) continue;
      let job = this.queue.shift();
      while (job && job.cancelled) job = this.queue.shift();
      if (!job) return;
      slot.job = job;
      job.sentAt = performance.now();
      job.tries += 1;
      slot.worker.postMessage({ id: job.id, kind: job.kind, args: job.args });
    }
  }

  /* The watchdog: a worker stalled on a job is replaced; the job goes again once, then the
     page is told to run it (its promise is refused with "stuck"). */
  look(now = performance.now()) {
    for (const slot of [...this.workers]) {
      const job = slot.job;
      if (job === null || now - job.sentAt < this.stuckMs) continue;
      this.stuck += 1;
      mark("poolStuck", this.stuck);
      console.warn(`engine worker stalled on ${job.kind} for ${Math.round(now - job.sentAt)} ms: replaced`);
      if (job.tries >= 2 && !job.cancelled) {
        slot.job = null;
        job.cancelled = true;
        job.reject(new Error("stuck"));
      }
      this.replace(slot);
    }
  }

  /* True when a worker is there to take a job now. */
  ready() {
    return this.state === "ready" && this.workers.some((w) => w.ready);
  }

  /* The answer (JSON text) of job kind on args (JSON text): a promise. tag names what
     the answer is for ("bot", "hint", "review"), for cancel(). */
  run(kind, args, tag = "") {
    return new Promise((resolve, reject) => {
      if (this.state === "failed" || this.state === "off") {
        reject(new Error("unavailable"));
        return;
      }
      this.queue.push({ id: this.nextId++, kind, args, tag, resolve, reject, cancelled: false, tries: 0,
        sentAt: 0 });
      this.pump();
    });
  }

  /* Drop the jobs of tag: their answers are no longer wanted. */
  cancel(tag) {
    const drop = (job) => {
      if (job && job.tag === tag && !job.cancelled) {
        job.cancelled = true;
        job.reject(new Error("cancelled"));
      }
    };
    this.queue.forEach(drop);
    this.queue = this.queue.filter((job) => !job.cancelled);
    this.workers.forEach((slot) => drop(slot.job));
  }

  /* Tests and benchmarks: end worker i as a crash would; it is replaced, its job re-run.
     Returns the id of the job it was running (sent again), or null. */
  kill(i = 0) {
    const slot = this.workers[i];
    if (!slot) return null;
    const job = slot.job;
    this.replace(slot);
    return job ? job.id : null;
  }

  /* Tests: kill the first worker that runs a job, as soon as one does (a promise of the
     job's id, or null after timeoutMs). */
  killBusy(timeoutMs = 60000) {
    const until = performance.now() + timeoutMs;
    return new Promise((resolve) => {
      const look = () => {
        const at = this.workers.findIndex((w) => w.job !== null);
        if (at >= 0) resolve(this.kill(at));
        else if (performance.now() > until) resolve(null);
        else setTimeout(look, 1);
      };
      look();
    });
  }

  busy() {
    return this.workers.filter((w) => w.job !== null).length;
  }

  info() {
    return {
      state: this.state, size: this.size, ready: this.workers.filter((w) => w.ready).length,
      busy: this.busy(), queued: this.queue.length, answers: this.answers, restarts: this.restarts,
      failures: this.failures, stuck: this.stuck, memory: this.workers.map((w) => w.memory),
      startMs: this.workers.map((w) => w.startMs),
    };
  }
}

window.backgammonPool = new EnginePool();
