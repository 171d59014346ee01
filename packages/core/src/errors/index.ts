export { errorMessages, formatMessage, messageFor, type ErrorCode } from './catalogue.js'
export { LatchError, isLatchError, type ErrorValues } from './latch-error.js'
export {
  RpcErrorCode,
  isUnrecognizedChainError,
  isUserRejectedError,
  rpcErrorCode,
  toLatchError,
} from './rpc-error.js'
export { alertCodes, createAlert, type Alert, type AlertCode } from './alerts.js'
