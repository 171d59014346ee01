export type {
  AdapterAccount,
  AdapterEvent,
  Balance,
  ChainAdapter,
  ConnectRequest,
  ConnectResult,
  NetworkRequest,
  ReconnectRequest,
  SignInRequest,
  SignMessageRequest,
  TransactionRequest,
} from './contract.js'
export { createAdapterRegistry, type AdapterRegistry } from './registry.js'
