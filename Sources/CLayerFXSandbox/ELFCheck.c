#define _GNU_SOURCE
#include "CLayerFXSandbox.h"

#include <elf.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

// The C math functions of libm a shader may call (C17 §7.12), each also with an `f` suffix
// (the float form), plus the combined sine and cosine glibc offers.
static const char *const math_names[] = {
    "acos", "acosh", "asin", "asinh", "atan", "atan2", "atanh", "cbrt", "ceil", "copysign",
    "cos", "cosh", "erf", "erfc", "exp", "exp10", "exp2", "expm1", "fabs", "fdim", "floor",
    "fma", "fmax", "fmin", "fmod", "frexp", "hypot", "ilogb", "ldexp", "lgamma", "llrint",
    "llround", "log", "log10", "log1p", "log2", "logb", "lrint", "lround", "modf", "nearbyint",
    "nextafter", "pow", "remainder", "remquo", "rint", "round", "scalbn", "sin", "sincos",
    "sinh", "sqrt", "tan", "tanh", "tgamma", "trunc", NULL};

int lfx_runtime_symbol(const char *name) {
  size_t length = strlen(name);
  for (const char *const *m = math_names; *m; ++m) {
    size_t base = strlen(*m);
    if (strncmp(name, *m, base) != 0) continue;
    if (length == base || (length == base + 1 && name[base] == 'f')) return 1;
  }
  return 0;
}

static int refuse(char *message, size_t capacity, const char *format, ...) {
  va_list list;
  va_start(list, format);
  vsnprintf(message, capacity, format, list);
  va_end(list);
  return 1;
}

// Whether [offset, offset + size) lies inside a file of `length` bytes.
static int inside(uint64_t offset, uint64_t size, size_t length) {
  return offset <= length && size <= length - offset;
}

// Whether the executable memory holds anything but code, so that a shader's bytes could run as
// machine code (a `constant` array cast to a function pointer): a section that is not code on
// an executable page (the linker's layout: the compile links with `-z separate-code`, gold had
// put .rodata beside .text), or a variable among the code (`[[gnu::section(".text")]]`, found by
// its `STT_OBJECT` symbol in the static symbol table).
static int code_holds_data(const unsigned char *file, size_t length, const Elf64_Phdr *segments,
                           int segment_count, const Elf64_Shdr *sections, int section_count,
                           char *message, size_t capacity) {
  const Elf64_Shdr *names = NULL;
  const Elf64_Ehdr *header = (const Elf64_Ehdr *)file;
  if (header->e_shstrndx < section_count) names = &sections[header->e_shstrndx];
  if (!names || !inside(names->sh_offset, names->sh_size, length) || names->sh_size == 0 ||
      file[names->sh_offset + names->sh_size - 1] != 0)
    return refuse(message, capacity, "has no section names");
  for (int i = 0; i < segment_count; ++i) {
    const Elf64_Phdr *s = &segments[i];
    if (s->p_type != PT_LOAD || !(s->p_flags & PF_X)) continue;
    uint64_t start = s->p_vaddr & ~(uint64_t)4095;
    uint64_t end = (s->p_vaddr + s->p_memsz + 4095) & ~(uint64_t)4095;
    for (int j = 0; j < section_count; ++j) {
      const Elf64_Shdr *c = &sections[j];
      if (!(c->sh_flags & SHF_ALLOC) || (c->sh_flags & SHF_EXECINSTR) || c->sh_size == 0) continue;
      if (c->sh_addr < end && c->sh_addr + c->sh_size > start) {
        const char *name = c->sh_name < names->sh_size
                               ? (const char *)file + names->sh_offset + c->sh_name
                               : "?";
        return refuse(message, capacity,
                      "maps its data (%s) as executable code (a shader's data never runs)", name);
      }
    }
  }
  const Elf64_Shdr *table = NULL, *strings = NULL;
  for (int i = 0; i < section_count; ++i) {
    if (sections[i].sh_type == SHT_SYMTAB && sections[i].sh_link < section_count) {
      table = &sections[i];
      strings = &sections[sections[i].sh_link];
    }
  }
  if (!table || !inside(table->sh_offset, table->sh_size, length) ||
      !inside(strings->sh_offset, strings->sh_size, length) || strings->sh_size == 0 ||
      file[strings->sh_offset + strings->sh_size - 1] != 0)
    return refuse(message, capacity, "has no symbol table");
  const Elf64_Sym *symbols = (const Elf64_Sym *)(file + table->sh_offset);
  size_t count = table->sh_size / sizeof(Elf64_Sym);
  for (size_t i = 1; i < count; ++i) {
    const Elf64_Sym *symbol = &symbols[i];
    int type = ELF64_ST_TYPE(symbol->st_info);
    if (type != STT_OBJECT && type != STT_COMMON && type != STT_TLS) continue;
    if (symbol->st_shndx == SHN_UNDEF || symbol->st_shndx >= section_count) continue;
    if (!(sections[symbol->st_shndx].sh_flags & SHF_EXECINSTR)) continue;
    const char *name = symbol->st_name < strings->sh_size
                           ? (const char *)file + strings->sh_offset + symbol->st_name
                           : "?";
    return refuse(message, capacity,
                  "puts a variable (%s) among its code (a shader's data never runs)", name);
  }
  return 0;
}

static int check(const unsigned char *file, size_t length, char *message, size_t capacity) {
  const Elf64_Ehdr *header = (const Elf64_Ehdr *)file;
  if (length < sizeof *header || memcmp(header->e_ident, ELFMAG, SELFMAG) != 0 ||
      header->e_ident[EI_CLASS] != ELFCLASS64 || header->e_ident[EI_DATA] != ELFDATA2LSB ||
      header->e_type != ET_DYN || header->e_machine != EM_X86_64 ||
      header->e_phentsize != sizeof(Elf64_Phdr) || header->e_shentsize != sizeof(Elf64_Shdr) ||
      !inside(header->e_phoff, (uint64_t)header->e_phnum * sizeof(Elf64_Phdr), length) ||
      !inside(header->e_shoff, (uint64_t)header->e_shnum * sizeof(Elf64_Shdr), length))
    return refuse(message, capacity, "not an x86-64 ELF shared object");
  const Elf64_Phdr *segments = (const Elf64_Phdr *)(file + header->e_phoff);
  const Elf64_Phdr *dynamic = NULL, *stack = NULL;
  uint64_t relro_start = 0, relro_end = 0;
  for (int i = 0; i < header->e_phnum; ++i) {
    const Elf64_Phdr *s = &segments[i];
    if (s->p_type == PT_INTERP) return refuse(message, capacity, "has a program interpreter");
    if (s->p_type == PT_TLS) return refuse(message, capacity, "has thread-local variables");
    if (s->p_type == PT_DYNAMIC) dynamic = s;
    if (s->p_type == PT_GNU_RELRO) {
      relro_start = s->p_vaddr;
      relro_end = (s->p_vaddr + s->p_memsz + 4095) & ~(uint64_t)4095;
    }
    if (s->p_type == PT_LOAD && (s->p_flags & PF_W) && (s->p_flags & PF_X))
      return refuse(message, capacity, "has memory both writable and executable");
    if (s->p_type == PT_GNU_STACK) stack = s;
  }
  // No executable stack: without a PT_GNU_STACK note, or with one asking for it, the loader
  // would make every thread's stack executable.
  if (!stack || (stack->p_flags & PF_X))
    return refuse(message, capacity, "asks for an executable stack");
  for (int i = 0; i < header->e_phnum; ++i) {
    const Elf64_Phdr *s = &segments[i];
    if (s->p_type != PT_LOAD || !(s->p_flags & PF_W)) continue;
    if (s->p_vaddr < relro_start || s->p_vaddr + s->p_memsz > relro_end)
      return refuse(message, capacity,
                    "has writable global variables (Metal has no writable program-scope "
                    "variables; make them `constant`, with a value known at compile time)");
  }
  if (!dynamic || !inside(dynamic->p_offset, dynamic->p_filesz, length))
    return refuse(message, capacity, "has no dynamic section");
  // The dynamic string table, through the section headers (the linker's own layout).
  const Elf64_Shdr *sections = (const Elf64_Shdr *)(file + header->e_shoff);
  const Elf64_Shdr *symbols = NULL, *strings = NULL;
  for (int i = 0; i < header->e_shnum; ++i) {
    if (sections[i].sh_type == SHT_DYNSYM && sections[i].sh_link < header->e_shnum) {
      symbols = &sections[i];
      strings = &sections[sections[i].sh_link];
    }
  }
  if (code_holds_data(file, length, segments, header->e_phnum, sections, header->e_shnum, message,
                      capacity))
    return 1;
  if (!symbols || !inside(symbols->sh_offset, symbols->sh_size, length) ||
      !inside(strings->sh_offset, strings->sh_size, length) || strings->sh_size == 0 ||
      file[strings->sh_offset + strings->sh_size - 1] != 0)
    return refuse(message, capacity, "has no dynamic symbol table");
  const char *names = (const char *)file + strings->sh_offset;
  const Elf64_Dyn *entries = (const Elf64_Dyn *)(file + dynamic->p_offset);
  size_t count = dynamic->p_filesz / sizeof(Elf64_Dyn);
  for (size_t i = 0; i < count && entries[i].d_tag != DT_NULL; ++i) {
    switch (entries[i].d_tag) {
      case DT_INIT:
      case DT_INIT_ARRAY:
      case DT_PREINIT_ARRAY:
      case DT_FINI:
      case DT_FINI_ARRAY:
        return refuse(message, capacity,
                      "has constructors or destructors (code that runs when it is loaded)");
      case DT_TEXTREL:
        return refuse(message, capacity, "has text relocations");
      case DT_NEEDED: {
        uint64_t at = entries[i].d_un.d_val;
        if (at >= strings->sh_size || strcmp(names + at, "libm.so.6") != 0)
          return refuse(message, capacity, "needs a library other than libm");
        break;
      }
      default:
        break;
    }
  }
  const Elf64_Sym *table = (const Elf64_Sym *)(file + symbols->sh_offset);
  size_t symbol_count = symbols->sh_size / sizeof(Elf64_Sym);
  for (size_t i = 1; i < symbol_count; ++i) {
    if (table[i].st_shndx != SHN_UNDEF || table[i].st_name == 0) continue;
    if (table[i].st_name >= strings->sh_size)
      return refuse(message, capacity, "has a malformed symbol table");
    const char *name = names + table[i].st_name;
    if (!lfx_runtime_symbol(name))
      return refuse(message, capacity,
                    "calls `%s`, which is outside the Metal runtime (shaders may call math "
                    "functions only)",
                    name);
  }
  return 0;
}

int lfx_elf_check(const char *path, char *message, size_t capacity) {
  int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0) return refuse(message, capacity, "cannot be opened");
  struct stat status;
  if (fstat(fd, &status) != 0 || !S_ISREG(status.st_mode) || status.st_size <= 0) {
    close(fd);
    return refuse(message, capacity, "is not a regular file");
  }
  size_t length = (size_t)status.st_size;
  void *file = mmap(NULL, length, PROT_READ, MAP_PRIVATE, fd, 0);
  close(fd);
  if (file == MAP_FAILED) return refuse(message, capacity, "cannot be read");
  int result = check(file, length, message, capacity);
  munmap(file, length);
  return result;
}
