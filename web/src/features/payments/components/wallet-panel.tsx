import { useId } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import { PAYMENT } from '@goldbot/shared';
import { CopyButton } from '@/components/ui/copy-button';
import type { WalletDetails } from '../api/get-wallet-details';
import { formatUsdt } from '@/lib/format';

export const WALLET_MESSAGES = {
  copied: 'Wallet address copied to clipboard!',
  copyFailed: 'Could not copy the address. Please select it and copy it by hand.',
} as const;

export const sendOnlyWarning = (network: string) =>
  `Send only USDT on the ${network} network to this address. Any other coin or network can be lost for good.`;

interface WalletPanelProps {
  wallet: WalletDetails;
  amount: number;
}

/**
 * Where and what to pay: the network, the wallet address
 * (read-only, with Copy), its QR code drawn in the browser (never fetched from an outside
 * service), the amount and the send-only-USDT warning.
 */
export function WalletPanel({ wallet, amount }: WalletPanelProps) {
  const addressId = useId();

  return (
    <div className="wallet-panel">
      <p className="wallet-panel__network">
        Network: <strong>{wallet.network}</strong>
      </p>
      <div className="field">
        <label className="field__label" htmlFor={addressId}>
          Wallet Address
        </label>
        <div className="wallet-panel__address-row">
          <input
            id={addressId}
            className="field__control wallet-panel__address"
            value={wallet.walletAddress}
            readOnly
            spellCheck={false}
            onFocus={(event) => event.currentTarget.select()}
          />
          <CopyButton
            text={wallet.walletAddress}
            label="Copy wallet address"
            copiedLabel="Wallet address copied"
            messages={WALLET_MESSAGES}
          />
        </div>
      </div>
      <figure className="wallet-panel__qr">
        <QRCodeSVG
          value={wallet.walletAddress}
          size={PAYMENT.qrSizePx}
          marginSize={2}
          level="M"
          role="img"
          aria-label={`QR code of the wallet address ${wallet.walletAddress}`}
          data-testid="wallet-qr"
        />
        <figcaption>Scan to pay from a wallet app</figcaption>
      </figure>
      <p className="wallet-panel__amount">
        Amount to send: <strong data-testid="amount-due">{formatUsdt(amount)}</strong>
      </p>
      <p className="wallet-panel__warning" role="note">
        <span aria-hidden="true">⚠ </span>
        {sendOnlyWarning(wallet.network)}
      </p>
    </div>
  );
}
