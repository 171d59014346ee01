/**
 * vitest `globalSetup`: one throwaway PostgreSQL cluster per test run, shared by every test
 * file through `inject('postgresUrl')`. Starting a cluster costs about two seconds (mostly
 * initdb), so files do not start their own: each makes its own database with `createTestDatabase`.
 *
 *   const db = await createTestDatabase(inject('postgresUrl'))
 *   afterAll(() => db.drop())
 */
import type { TestProject } from 'vitest/node'
import { startPostgresCluster } from '../src/testing/postgres-cluster.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared cluster (database `latch`); tests make their own database on it. */
    postgresUrl: string
  }
}

export default async function setup(project: Pick<TestProject, 'provide'>) {
  const cluster = await startPostgresCluster()
  project.provide('postgresUrl', cluster.url)
  return () => cluster.stop()
}
