import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { LoginModal } from './LoginModal.tsx';

/** Lets any page open the one Log In dialog (the header, the register page's link ...). */
interface LoginModalControl {
  openLogin: () => void;
}

const LoginModalContext = createContext<LoginModalControl | null>(null);

export function LoginModalProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const control = useMemo(() => ({ openLogin: () => setOpen(true) }), []);
  return (
    <LoginModalContext.Provider value={control}>
      {children}
      {open && <LoginModal onClose={() => setOpen(false)} />}
    </LoginModalContext.Provider>
  );
}

export function useLoginModal(): LoginModalControl {
  const control = useContext(LoginModalContext);
  if (!control) throw new Error('useLoginModal needs a LoginModalProvider above it');
  return control;
}
