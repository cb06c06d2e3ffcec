import { paths } from '@/config/paths';
import { PageFrame } from '@/components/layout/page-frame';
import { BotConnections } from '../components/bot-connections';
import { SubscriptionActivations } from '../components/subscription-activations';
import '../../components/admin-screens.css';

export default function AdminActivationsRoute() {
  return (
    <PageFrame
      title={paths.admin.activations.title}
      documentTitle={`Admin: ${paths.admin.activations.title}`}
      lead="Basic Package subscriptions that start today and have not had their activation e-mail yet, and the MetaTrader 5 accounts waiting for the bot."
    >
      <SubscriptionActivations />
      <BotConnections />
    </PageFrame>
  );
}
