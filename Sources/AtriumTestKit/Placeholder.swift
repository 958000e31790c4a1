public enum PlaceholderAtriumTestKit {}
