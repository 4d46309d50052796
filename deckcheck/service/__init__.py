"""The HTTP service: API under /v1, the web page, storage for events and registrations."""
