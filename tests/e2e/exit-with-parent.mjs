// Loaded into a dev backend the end-to-end tests start (backend.ts): it ends
// when the process that started it is gone (its stdin closes), even when that
// process was killed before it could stop it, so no server outlives its tests.
process.stdin.on('end', () => process.kill(process.pid, 'SIGTERM'));
process.stdin.resume();
