'use strict';
/**
 * autocannon `setupRequest` for cold lookups: every request, on any connection, takes the next path
 * of the list in `request.pathsFile`, so no name is sent twice in a run. A plain `requests` array
 * would not do: autocannon gives each connection its own iterator starting at the first request,
 * so 50 connections would send each name 50 times. CommonJS, as autocannon's worker thread
 * `require`s it by path (a function cannot be passed to a worker).
 */
const { readFileSync } = require('node:fs');

const lists = new Map();

module.exports = function nextColdPath(request) {
  let list = lists.get(request.pathsFile);
  if (list === undefined) {
    list = { paths: JSON.parse(readFileSync(request.pathsFile, 'utf8')), next: 0 };
    lists.set(request.pathsFile, list);
  }
  // Past the end the bare server may repeat names (it ignores them); the bench checks that the
  // service never got more requests than the list holds.
  const path = list.paths[list.next % list.paths.length];
  list.next += 1;
  return { ...request, path };
};
