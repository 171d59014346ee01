// @latch/server/testing: what test suites (the server's own, the playground's e2e) start their
// databases from: a throwaway PostgreSQL cluster, and a migrated PGlite dump.
export * from './postgres-cluster.js'
export * from './pglite-template.js'
