export { Navbar, type NavbarProps, SoundToggle, type SoundToggleProps } from './Navbar.js';
