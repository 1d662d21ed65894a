'use strict';
// autocannon setupClient module (it runs inside autocannon's worker thread, so it is plain CommonJS
// and gets its data from a file): connection k sends request k of the plan, so that e.g. 64
// connections act for 64 different churches instead of all hammering the same rows.
const { readFileSync } = require('node:fs');

const plan = JSON.parse(readFileSync(process.env.BENCH_CONNECTION_PLAN, 'utf8'));
let next = 0;

module.exports = function setupClient(client) {
  client.setRequests([plan[next++ % plan.length]]);
};
