import { useParams } from 'react-router';
import { ComingSoon } from '../../ui/ComingSoon.tsx';

/** Return page after linking an account at a membership or streaming platform. */
export function IntegrationCallbackPage() {
  const { provider = '' } = useParams();
  return (
    <ComingSoon title={`Linking ${provider}`}>
      <p>Linked accounts will be confirmed here and listed in your settings.</p>
    </ComingSoon>
  );
}
