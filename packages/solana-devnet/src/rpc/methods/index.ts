import type { RpcContext } from '../context.js'
import type { MethodTable } from '../jsonrpc.js'
import { accountMethods } from './accounts.js'
import { clusterMethods } from './cluster.js'
import { transactionMethods } from './transactions.js'

/** Every HTTP method the devnet serves, by name (README.md lists them with their tests). */
export const httpMethods: MethodTable<RpcContext> = {
  ...clusterMethods,
  ...accountMethods,
  ...transactionMethods,
}
