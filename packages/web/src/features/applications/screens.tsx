// Application screens of spec §2.
import { useParams } from 'wouter';
import { Screen } from '../../components/ui/page.tsx';

export function ApplicationListScreen() {
  return <Screen title="Applications" />;
}

export function ApplicationEditScreen() {
  const { uuid } = useParams<{ uuid?: string }>();
  return <Screen title={uuid ? 'Editing Application' : 'New Application'} />;
}
