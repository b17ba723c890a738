/** The part of s3rver (no types of its own) the tests use. */
declare module 's3rver' {
  import type { Server } from 'node:http'

  interface S3rverOptions {
    address?: string
    port?: number
    silent?: boolean
    directory?: string
    configureBuckets?: { name: string }[]
  }

  export default class S3rver {
    constructor(options: S3rverOptions)
    httpServer: Server | undefined
    run(): Promise<{ address: string; port: number }>
    close(): Promise<void>
  }
}
