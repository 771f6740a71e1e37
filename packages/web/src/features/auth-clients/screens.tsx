// OAuth2 client screens of spec §2.
import { useParams } from 'wouter';
import { Screen } from '../../components/ui/page.tsx';

export function AuthClientListScreen() {
  return <Screen title="OAuth2 Clients" />;
}

export function AuthClientEditScreen() {
  const { uuid } = useParams<{ uuid?: string }>();
  return <Screen title={uuid ? 'Editing Client' : 'New Client'} />;
}
