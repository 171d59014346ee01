import { LATCH_OWNED_DATABASES, WALLETCONNECT_DATABASE, type Latch } from '@latch/core'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useStack } from './use-stack.js'
import { t } from './messages.js'
import { answerInWalletPanel, devWalletRow, dialog, hookValue, modalButton } from './modal.js'

/** The host app's own data, which no Latch outcome may touch. */
const HOST_DATABASE = 'host-app'
const HOST_STORE = 'notes'
const HOST_RECORD = { id: 1, text: 'written by the host before Latch ran' }
const HOST_KEY = 'host-app:settings'
const HOST_VALUE = '{"currency":"EUR"}'

/** Creates a database with one store holding one record, then closes it, from inside the page. */
function createDatabase(page: Page, name: string, store: string, record: object): Promise<void> {
  return page.evaluate(
    ({ name, store, record }) =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open(name, 1)
        request.onupgradeneeded = () => request.result.createObjectStore(store, { keyPath: 'id' })
        request.onerror = () => reject(request.error)
        request.onsuccess = () => {
          const db = request.result
          const tx = db.transaction(store, 'readwrite')
          tx.objectStore(store).put(record)
          tx.oncomplete = () => (db.close(), resolve())
          tx.onerror = () => reject(tx.error)
        }
      }),
    { name, store, record },
  )
}

/**
 * The database's records in `store`, or null when it has no such store. Opening waits for any
 * pending deletion of that database, so this sees the outcome of a deletion Latch requested.
 */
function readDatabase(page: Page, name: string, store: string): Promise<unknown[] | null> {
  return page.evaluate(
    ({ name, store }) =>
      new Promise<unknown[] | null>((resolve, reject) => {
        const request = indexedDB.open(name)
        request.onerror = () => reject(request.error)
        request.onsuccess = () => {
          const db = request.result
          if (!db.objectStoreNames.contains(store)) return (db.close(), resolve(null))
          const all = db.transaction(store).objectStore(store).getAll()
          all.onsuccess = () => (db.close(), resolve(all.result))
          all.onerror = () => reject(all.error)
        }
      }),
    { name, store },
  )
}

const databaseNames = (page: Page) =>
  page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name).sort())

const localStorageEntries = (page: Page) =>
  page.evaluate(() => Object.fromEntries(Object.entries(localStorage)))

const latchKeys = (entries: Record<string, string>) =>
  Object.keys(entries).filter((key) => key.startsWith('@latch/'))

// SPEC §4 clears "all browser databases and local storage" on a connect failure. Latch reads it
// as its own stores and its WalletConnect client's: a wallet modal must never destroy its host's
// data. The page is a host that keeps data of its own and connects through the connect helper.
describe("a rejected connect and the host's data", () => {
  const { stack } = useStack({ approval: 'manual' })

  it("keeps the host's IndexedDB database and localStorage key, and clears Latch's own", async () => {
    const { page } = stack
    await page.waitForFunction(() => '__latch' in globalThis)
    // A fresh page: nothing left by another test.
    expect(await databaseNames(page)).toEqual([])
    expect((await localStorageEntries(page))[HOST_KEY]).toBeUndefined()
    await createDatabase(page, HOST_DATABASE, HOST_STORE, HOST_RECORD)
    // What the WalletConnect client leaves in a browser: its one database, with its one store.
    await createDatabase(page, WALLETCONNECT_DATABASE, 'keyvaluestorage', { id: 'wc@2:core' })
    await page.evaluate(
      ([key, value]) => localStorage.setItem(key!, value!),
      [HOST_KEY, HOST_VALUE],
    )
    expect(await databaseNames(page)).toEqual([HOST_DATABASE, ...LATCH_OWNED_DATABASES].sort())
    // Latch has keys of its own once its instance runs (the storage version, written at start,
    // which comes after the page's first paint: `__latch` is there before it).
    await expect.poll(async () => latchKeys(await localStorageEntries(page))).not.toEqual([])

    // The host's connect helper, as a host without React calls it; the outcome is kept in the page.
    await page.evaluate(() => {
      const page = globalThis as { __latch?: Latch; __outcome?: Promise<string> }
      page.__outcome = page.__latch!.connect().then(
        () => 'connected',
        (error: { code?: string }) => `rejected: ${error.code}`,
      )
    })
    await devWalletRow(page).click()
    await answerInWalletPanel(page, 'Reject')
    await modalButton(page, t('view.ConnectingExternal.retry')).waitFor()
    await expect(dialog(page).getByRole('alert').innerText()).resolves.toContain(
      t('view.ConnectingExternal.declined'),
    )
    expect(
      await page.evaluate(() => (globalThis as { __outcome?: Promise<string> }).__outcome),
    ).toBe('rejected: USER_REJECTED')
    await expect(hookValue(page, 'status').textContent()).resolves.toBe('disconnected')

    // The helper rejects after the clearing: Latch's database is going (its deletion is not
    // waited for), its keys are gone, and the host's database, record and key are all there.
    await expect.poll(() => databaseNames(page)).toEqual([HOST_DATABASE])
    expect(await readDatabase(page, HOST_DATABASE, HOST_STORE)).toEqual([HOST_RECORD])
    const entries = await localStorageEntries(page)
    expect(entries[HOST_KEY]).toBe(HOST_VALUE)
    expect(latchKeys(entries)).toEqual([])
  })
})
