export {
  AVATAR_COLORS,
  Avatar,
  AvatarGroup,
  type AvatarGroupProps,
  type AvatarProps,
  avatarColor,
  initialsOf,
} from './Avatar.js';
