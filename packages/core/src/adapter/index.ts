export type {
  AdapterAccount,
  AdapterEvent,
  Balance,
  ChainAdapter,
  ConnectRequest,
  ConnectResult,
  NetworkRequest,
  ReconnectRequest,
  SignMessageRequest,
  TransactionRequest,
} from './contract.js'
export { createAdapterRegistry, type AdapterRegistry } from './registry.js'
