import { bench, describe } from 'vitest'
import { createActor } from 'xstate'
import {
  createLatch,
  createMemoryStorage,
  defineNetwork,
  formatAmount,
  modalMachine,
  parseAmount,
  parseCaipAddress,
} from '../src/index.js'

const network = defineNetwork({
  id: 31337,
  chainNamespace: 'eip155',
  name: 'Bench',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
})

describe('instance start-up', () => {
  bench('createLatch (options validated, four machines started)', () => {
    createLatch(
      { projectId: 'bench', networks: [network] },
      { storage: createMemoryStorage() },
    ).destroy()
  })
})

describe('modal open path', () => {
  const modal = createActor(modalMachine, { input: {} }).start()
  bench('OPEN then CLOSE', () => {
    modal.send({ type: 'OPEN' })
    modal.send({ type: 'CLOSE' })
  })
})

describe('identifiers', () => {
  bench('parseCaipAddress', () => {
    parseCaipAddress('eip155:1:0x00000000000000000000000000000000000000aa')
  })
  bench('parseAmount + formatAmount (18 decimals)', () => {
    formatAmount(parseAmount('1.000000000000000001', 18), 18)
  })
})
