// The loading overlay's state (spec §4 "Loading"): a boolean plus optional
// text, changed only through the five operations below.
import { create } from 'zustand';

export interface LoadingState {
  loading: boolean;
  text: string | null;
}

export const useLoading = create<LoadingState>(() => ({ loading: false, text: null }));

export const loading = {
  start(): void {
    useLoading.setState({ loading: true, text: null });
  },
  startWithText(text: string): void {
    useLoading.setState({ loading: true, text });
  },
  /** Sets the flag, keeping the current text. */
  change(isLoading: boolean): void {
    useLoading.setState({ loading: isLoading });
  },
  changeWithText(isLoading: boolean, text: string | null): void {
    useLoading.setState({ loading: isLoading, text });
  },
  stop(): void {
    useLoading.setState({ loading: false, text: null });
  },
};
