import type { RecentWallet } from '../storage/keys.js'
import { createLatchStorage, type StorageReport } from '../storage/latch-storage.js'
import { createMemoryStorage } from '../storage/memory-storage.js'

/** A Latch storage over a fresh in-memory port, with every report it made. */
export function setup(initial: Record<string, string> = {}, prefix?: string) {
  const port = createMemoryStorage(initial)
  const reports: StorageReport[] = []
  const storage = createLatchStorage({ port, prefix, onReport: (report) => reports.push(report) })
  return { port, storage, reports }
}

export const metaMask: RecentWallet = { id: 'io.metamask', name: 'MetaMask' }
export const phantom: RecentWallet = { id: 'app.phantom', name: 'Phantom' }
export const rabby: RecentWallet = { id: 'io.rabby', name: 'Rabby' }
