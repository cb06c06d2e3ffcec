import type { TransferRecord } from '../../src/domain/records/transfer-record.js';

/**
 * The transfers of an in-memory store as the table keeps them: one per TXID, the first recorded
 * wins and a second record of the same TXID answers the first. The binding and chain-check stores
 * of the unit tests build on it.
 */
export class InMemoryTransfers {
  transfers = new Map<string, TransferRecord>();

  async recordTransfer(transfer: TransferRecord) {
    const existing = this.transfers.get(transfer.txid);
    if (existing) return existing;
    this.transfers.set(transfer.txid, transfer);
    return transfer;
  }

  async getTransfer(txid: string) {
    return this.transfers.get(txid) ?? null;
  }
}
