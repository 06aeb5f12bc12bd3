// Preloaded into a benchmarked command (`node --require`): writes the process's own CPU time
// (user and system microseconds, as process.cpuUsage() gives them) and its peak RSS (kB) to file
// descriptor 3 at exit.
const { writeSync } = require('node:fs');

process.on('exit', () => {
  try {
    writeSync(3, JSON.stringify({ ...process.cpuUsage(), maxRSS: process.resourceUsage().maxRSS }));
  } catch {
    // fd 3 is not open: the command was not started by a bench
  }
});
