// Profile screens of spec §2: application and business profiles.
import { useParams } from 'wouter';
import { Screen } from '../../components/ui/page.tsx';

function useEditing(): boolean {
  return !!useParams<{ uuid?: string }>().uuid;
}

export function AppProfileListScreen() {
  return <Screen title="Application Profiles" />;
}

export function AppProfileEditScreen() {
  return <Screen title={useEditing() ? 'Editing Application Profile' : 'New Application Profile'} />;
}

export function BusinessProfileListScreen() {
  return <Screen title="Business Profiles" />;
}

export function BusinessProfileEditScreen() {
  return <Screen title={useEditing() ? 'Editing Business Profile' : 'New Business Profile'} />;
}
